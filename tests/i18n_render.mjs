// Renders the page's strings with the page's own code under Node, for tests/test_i18n.py:
// reads a JSON list of jobs on standard input and writes the list of texts on standard output.
// A job is {lang, id, params} (a string as `t` fills it), {lang, seat, moves} (one turn of
// `seat` as `turnText` says it, each move [action, card, {drew, count, spoken}], runs of
// melds, additions and lay-offs told once as `turnClauses` tells them), {lang, reason}
// (a reason {key, params} from Python as `reasonText` says it) or {lang, plural: n} (the
// plural category Intl.PluralRules names for n in the language).
//
// The modules touch the DOM only when called; the little they read of it is stubbed here.
globalThis.document = { documentElement: { lang: "en" } };

const web = new URL("../web/", import.meta.url);
const { setLanguage, t } = await import(new URL("strings.js", web));
const { moveClause, turnClauses, turnText } = await import(new URL("table/announce.js", web));
const { reasonText } = await import(new URL("table/reasons.js", web));

let input = "";
for await (const chunk of process.stdin) input += chunk;
const out = [];
for (const job of JSON.parse(input)) {
  await setLanguage(job.lang);
  if (job.id !== undefined) out.push(t(job.id, job.params));
  else if (job.reason !== undefined) out.push(reasonText(job.reason));
  else if (job.plural !== undefined) out.push(new Intl.PluralRules(job.lang).select(job.plural));
  else {
    const events = job.moves.map(([action, card, more]) => ({ action, card, more }));
    const tell = (event) => moveClause(job.seat, event.action, event.card, event.more);
    const spoken = events.some((event) => event.more.spoken);
    out.push(turnText(job.seat, turnClauses(job.seat, events, tell, spoken)));
  }
}
process.stdout.write(JSON.stringify(out));
