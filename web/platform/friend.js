// A match against a friend's page: two browsers joined by one WebRTC data channel, with no
// server of ours between them. The host's page makes an invite (a link), the friend's page
// opens it and makes an answer (a code) that goes back; each carries the page's connection
// offer or answer (its SDP, every candidate gathered first: no trickle) and the match's
// offer or answer of ginrummy.duel, deflated and base64url-encoded. The invite rides in
// the URL's fragment, which the browser sends to no server.
//
// Once the channel is open, every message from the friend's page goes to duel's
// "receive", every move of this page to duel's "play", and what they answer under "send"
// goes over the channel; the table each answer carries goes to the page. Requests run
// one at a time, in the order they came.
//
// After a dropped connection either page may take the match up over a new one: the same
// links, the offer and answer marked `resume` (duel's "reoffer", "rejoin" and "reaccept",
// each page from its saved match); on the new channel each page first sends duel's
// "resume" request, and the other answers with what it missed, or refuses.
//
// `duel(op, arg)` is the page's request to ginrummy.duel in the worker: a promise of its
// JSON answer as an object (the worker's {duel: op} message).
import { t } from "../strings.js";

/** The STUN servers that tell each browser its public address: the one place they are set
 * (no TURN relay: two browsers behind strict NATs cannot meet). */
export const STUN_SERVERS = [{ urls: ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"] }];
/** How long a page gathers its connection's candidates before the link is made of those
 * it has (a STUN server that does not answer). */
const GATHER_MS = 10000;
/** How long the pages try to reach each other once both have the other's code. */
export const CONNECT_MS = 60000;
/** How long a match that closes waits for its channel to send what it holds. */
const CLOSE_MS = 5000;
/** The invite link's fragment starts so. */
const INVITE = "friend=";

/** A failure to set up the match, with the sentence to show the player. */
export class FriendError extends Error {}

/** `bytes` as base64url, without padding. */
function toBase64url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The bytes of base64url `text` (padding optional); throws on anything else. */
function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error("not base64url");
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** All the bytes out of `stream`, as `through` transforms `bytes`. */
async function piped(bytes, through) {
  const stream = new Blob([bytes]).stream().pipeThrough(through);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The code of `data`: its JSON, deflated, in base64url. */
export async function pack(data) {
  const json = new TextEncoder().encode(JSON.stringify(data));
  return toBase64url(await piped(json, new CompressionStream("deflate-raw")));
}

/** The data of a code `pack` made, or of the link it is the fragment of, holding a
 * connection's SDP and duel's `kind` ("offer" or "answer").
 * @throws {FriendError} when it is not (a code cut short in copying, say). */
export async function unpack(text, kind) {
  const trimmed = String(text).trim();
  const start = trimmed.indexOf(`#${INVITE}`);
  const code = start >= 0 ? trimmed.slice(start + INVITE.length + 1) : trimmed;
  try {
    const data = JSON.parse(new TextDecoder().decode(await piped(fromBase64url(code), new DecompressionStream("deflate-raw"))));
    if (typeof data?.sdp !== "string" || typeof data[kind] !== "object" || !data[kind]) throw new Error(`no ${kind}`);
    return data;
  } catch {
    throw new FriendError(t("friend.bad_code"));
  }
}

/** The invite link for `code`: this page's address with the code in its fragment. */
export function inviteLink(code) {
  return `${location.origin}${location.pathname}#${INVITE}${code}`;
}

/** The invite code in this page's address, if it was opened from an invite link. */
export function inviteInAddress() {
  return location.hash.startsWith(`#${INVITE}`) ? location.hash.slice(INVITE.length + 1) : null;
}

/** A promise settled once `peer` has gathered its candidates, or after GATHER_MS. */
function gathered(peer) {
  if (peer.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, GATHER_MS);
    peer.addEventListener("icegatheringstatechange", () => {
      if (peer.iceGatheringState !== "complete") return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A promise of `channel` open, or a FriendError after `waitMs` or when `peer` fails. */
function opened(peer, channel, waitMs) {
  return new Promise((resolve, reject) => {
    const giveUp = () => {
      clearTimeout(timer);
      peer.close();
      reject(new FriendError(t("friend.no_connection")));
    };
    const timer = setTimeout(giveUp, waitMs);
    peer.addEventListener("connectionstatechange", () => {
      if (peer.connectionState === "failed") giveUp();
    });
    const open = () => {
      clearTimeout(timer);
      resolve(channel);
    };
    if (channel.readyState === "open") open();
    else channel.addEventListener("open", open, { once: true });
  });
}

/** The answer of duel's `op`, or a FriendError with `message` (or duel's own) if refused. */
async function asked(duel, op, arg, message = null) {
  const answer = await duel(op, JSON.stringify(arg));
  if (!answer.ok) throw new FriendError(message || answer.error);
  return answer;
}

/** This page's connection offer or answer, every candidate in it. */
async function described(peer, making) {
  await peer.setLocalDescription(await making());
  await gathered(peer);
  return peer.localDescription.sdp;
}

/**
 * Make the offer of duel's `offerOp` (with `arg`) and this page's connection offer.
 * Resolves with `{link, code, accept}`: the link to send, and `accept(answerCode)`, which
 * takes the friend's answer through duel's `acceptOp` and resolves with the match once the
 * pages are connected (`handlers`: see `FriendMatch`); a match taken up (a `resume`
 * offer) first sends duel's resume request.
 */
async function offered(duel, offerOp, arg, acceptOp, { build, handlers, iceServers = STUN_SERVERS, connectMs = CONNECT_MS }) {
  const { offer } = await asked(duel, offerOp, arg);
  const peer = new RTCPeerConnection({ iceServers });
  const channel = peer.createDataChannel("ginrummy", { ordered: true });
  const code = await pack({ offer, sdp: await described(peer, () => peer.createOffer()) });
  const accept = async (answerCode) => {
    const { answer, sdp } = await unpack(answerCode, "answer");
    if (answer.build !== build || answer.engine !== offer.engine) throw new FriendError(t("friend.other_build"));
    if (Boolean(answer.resume) !== Boolean(offer.resume)) throw new FriendError(t("friend.bad_code"));
    const started = await asked(duel, acceptOp, { answer });
    await peer.setRemoteDescription({ type: "answer", sdp });
    const match = new FriendMatch(duel, peer, await opened(peer, channel, connectMs), handlers);
    match.deliver(started);
    if (offer.resume) match.resume();
    return match;
  };
  return { link: inviteLink(code), code, accept };
}

/**
 * As the host, offer a match under `rules` (a preset and changes) from this page's build
 * `build`. Resolves with `{link, code, accept}`: the invite to send, and
 * `accept(answerCode)`, which takes the friend's answer and resolves with the match once
 * the pages are connected (`handlers`: see `FriendMatch`).
 * @throws {FriendError} when the answer is not one, is of another build, or the pages
 *   cannot reach each other within `connectMs`.
 */
export function invite(duel, { rules, build, ...options }) {
  return offered(duel, "offer", { rules, build }, "accept", { build, ...options });
}

/**
 * After a dropped connection, offer to take up the match `saved` (this page's save of
 * it, duel's "save") over a new connection, from this page's build `build`: as `invite`,
 * with a link marked as a resume of that match.
 * @throws {FriendError} as `invite`; and when the friend's page holds another match.
 */
export function reinvite(duel, { saved, build, ...options }) {
  return offered(duel, "reoffer", { save: saved, build }, "reaccept", { build, ...options });
}

/** Check that the `offer` to take a match up is for the match `saved`, from the friend's
 * seat. @throws {FriendError} when this page keeps no such match. */
function checkSaved(offer, saved) {
  if (!saved) throw new FriendError(t("friend.no_saved_match"));
  if (offer.match !== saved.match || offer.seat !== 1 - saved.seat) throw new FriendError(t("friend.other_match"));
}

/**
 * As the friend, join the invite `inviteCode` (the link or its code) from this page's
 * build `build`. Resolves with `{code, rules, params, resume, connected}`: the answer to
 * send back, the match's rules (as duel's and as the new-game form's params), whether the
 * invite takes up the match `saved` (this page's save of a dropped match, or null), and
 * a promise of the match once the host has taken the answer and the pages are connected
 * (`handlers`: see `FriendMatch`).
 * @throws {FriendError} when the invite is not one, is of another build, takes up a match
 *   this page does not keep, or (`connected`) the pages cannot reach each other within
 *   `connectMs`.
 */
export async function join(duel, inviteCode, { build, handlers, saved = null, iceServers = STUN_SERVERS, connectMs = CONNECT_MS }) {
  const { offer, sdp } = await unpack(inviteCode, "offer");
  if (offer.build !== build) throw new FriendError(t("friend.other_build"));
  const resume = Boolean(offer.resume);
  if (resume) checkSaved(offer, saved);
  const joined = resume ? await asked(duel, "rejoin", { offer, save: saved, build }) : await asked(duel, "join", { offer, build });
  const peer = new RTCPeerConnection({ iceServers });
  // the match takes the channel as it comes, before the host's first message can
  const connecting = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      peer.close();
      reject(new FriendError(t("friend.no_connection")));
    }, connectMs);
    peer.addEventListener(
      "datachannel",
      ({ channel }) => {
        clearTimeout(timer);
        const match = new FriendMatch(duel, peer, channel, handlers);
        const open = () => {
          if (resume) match.resume();
          resolve(match);
        };
        opened(peer, channel, connectMs).then(open, reject);
      },
      { once: true },
    );
  });
  connecting.catch(() => {}); // heard by whoever awaits `connected`, however late
  await peer.setRemoteDescription({ type: "offer", sdp });
  const code = await pack({ answer: joined.answer, sdp: await described(peer, () => peer.createAnswer()) });
  return { code, rules: joined.rules, params: joined.params, resume, connected: connecting };
}

/**
 * A match in play over an open channel. `handlers.table(table, state)` hears the table after
 * every answer (duel's `table`: ginrummy.referee's view, and `state`: the page's state to
 * draw, ginrummy.friend_table's); `handlers.refused(error, ended, resumeRefused)` a
 * message or move duel refused (`ended`: the match is over; `resumeRefused`: because the
 * pages' states differ after a dropped connection); `handlers.closed()` the connection
 * lost (the channel closed, or the connection failed), once.
 */
export class FriendMatch {
  constructor(duel, peer, channel, handlers) {
    this.duel = duel;
    this.peer = peer;
    this.channel = channel;
    this.handlers = handlers;
    this.queue = Promise.resolve();
    this.lost = false;
    channel.addEventListener("message", (event) => this.ask("receive", String(event.data)));
    // heard after the messages that came before it: a refusal that ended the match first
    const lose = () =>
      this.queue.then(() => {
        if (this.lost) return;
        this.lost = true;
        handlers.closed?.();
      });
    channel.addEventListener("close", lose);
    peer.addEventListener("connectionstatechange", () => peer.connectionState === "failed" && lose());
  }

  /** Send what duel's `answer` lists to send, and hand its table on (or its refusal). */
  deliver(answer) {
    if (!answer.ok && !answer.ended) return this.handlers.refused?.(answer.error, false, false);
    // a closed channel loses nothing: after a reconnection duel's resume sends it again
    if (this.channel.readyState === "open") {
      for (const message of answer.send || []) this.channel.send(JSON.stringify(message));
    }
    if (answer.table) this.handlers.table?.(answer.table, answer.state);
    if (answer.ended) {
      this.lost = true; // the match is over: the connection's end tells nothing more
      this.handlers.refused?.(answer.error, true, Boolean(answer.resume_refused));
    }
  }

  /** Ask duel `op` with `arg` after every request before it; resolves once delivered. */
  ask(op, arg) {
    const asking = this.queue.then(async () => this.deliver(await this.duel(op, arg)));
    this.queue = asking.catch(() => {}); // a handler's failure stops no later request
    return asking;
  }

  /** Ask the friend's page, on a new connection, for what this page missed. */
  resume() {
    return this.ask("resume", "");
  }

  /** Play this page's move `action` (an action's text of the table's "legal"). */
  play(action) {
    return this.ask("play", action);
  }

  /** Close the connection (its loss is heard no more), once what was sent has gone: the
   * channel closes first, which sends what it holds (a refusal's notice, say). */
  close() {
    this.lost = true;
    if (this.channel.readyState !== "open") return this.peer.close();
    const closed = () => this.peer.close();
    this.channel.addEventListener("close", closed, { once: true });
    setTimeout(closed, CLOSE_MS);
    this.channel.close();
  }
}
