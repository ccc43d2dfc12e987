// Small DOM helpers shared by the page's modules: elements made in one call.

/** Return a new `tag` element with the class `className` (if any) and `text` (if given). */
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Return a button (not a form's submit) showing `text`, with `data-*` attributes from `data`. */
export function button(text, data = {}) {
  const node = element("button", "", text);
  node.type = "button";
  Object.assign(node.dataset, data);
  return node;
}

/**
 * Return a button labelled `label` (with `data-*` from `data`) that copies `text` and
 * selects it in `field`, and a polite live note that then says `copied`, or `failed`
 * where there is no clipboard (the text stays selected for the player to copy).
 */
export function copyButton(field, text, { label, data, copied, failed }) {
  const copy = button(label, data);
  const done = element("span", "note");
  done.setAttribute("aria-live", "polite");
  copy.addEventListener("click", async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(text);
      done.textContent = copied;
    } catch {
      done.textContent = failed;
    }
  });
  return [copy, done];
}

/** Have the browser save `text` as a file called `name` of MIME `type`. */
export function download(name, type, text) {
  const link = element("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** Return today's local date as YYYY-MM-DD, for file names. */
export function today() {
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
