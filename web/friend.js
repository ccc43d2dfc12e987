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
// `duel(op, arg)` is the page's request to ginrummy.duel in the worker: a promise of its
// JSON answer as an object (the worker's {duel: op} message).
import { t } from "./strings.js";

/** The STUN servers that tell each browser its public address: the one place they are set
 * (no TURN relay: two browsers behind strict NATs cannot meet). */
export const STUN_SERVERS = [{ urls: ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"] }];
/** How long a page gathers its connection's candidates before the link is made of those
 * it has (a STUN server that does not answer). */
const GATHER_MS = 10000;
/** How long the pages try to reach each other once both have the other's code. */
export const CONNECT_MS = 60000;
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
 * As the host, offer a match under `rules` (a preset and changes) from this page's build
 * `build`. Resolves with `{link, code, accept}`: the invite to send, and
 * `accept(answerCode)`, which takes the friend's answer and resolves with the match once
 * the pages are connected (`handlers`: see `FriendMatch`).
 * @throws {FriendError} when the answer is not one, is of another build, or the pages
 *   cannot reach each other within `connectMs`.
 */
export async function invite(duel, { rules, build, handlers, iceServers = STUN_SERVERS, connectMs = CONNECT_MS }) {
  const { offer } = await asked(duel, "offer", { rules, build });
  const peer = new RTCPeerConnection({ iceServers });
  const channel = peer.createDataChannel("ginrummy", { ordered: true });
  const code = await pack({ offer, sdp: await described(peer, () => peer.createOffer()) });
  const accept = async (answerCode) => {
    const { answer, sdp } = await unpack(answerCode, "answer");
    if (answer.build !== build || answer.engine !== offer.engine) throw new FriendError(t("friend.other_build"));
    const started = await asked(duel, "accept", { answer });
    await peer.setRemoteDescription({ type: "answer", sdp });
    const match = new FriendMatch(duel, peer, await opened(peer, channel, connectMs), handlers);
    match.deliver(started);
    return match;
  };
  return { link: inviteLink(code), code, accept };
}

/**
 * As the friend, join the invite `inviteCode` (the link or its code) from this page's
 * build `build`. Resolves with `{code, rules, params, connected}`: the answer to send back,
 * the match's rules (as duel's and as the new-game form's params), and a promise of the match once the host has taken the answer and the
 * pages are connected (`handlers`: see `FriendMatch`).
 * @throws {FriendError} when the invite is not one, is of another build, or (`connected`)
 *   the pages cannot reach each other within `connectMs`.
 */
export async function join(duel, inviteCode, { build, handlers, iceServers = STUN_SERVERS, connectMs = CONNECT_MS }) {
  const { offer, sdp } = await unpack(inviteCode, "offer");
  if (offer.build !== build) throw new FriendError(t("friend.other_build"));
  const joined = await asked(duel, "join", { offer, build });
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
        opened(peer, channel, connectMs).then(() => resolve(match), reject);
      },
      { once: true },
    );
  });
  connecting.catch(() => {}); // heard by whoever awaits `connected`, however late
  await peer.setRemoteDescription({ type: "offer", sdp });
  const code = await pack({ answer: joined.answer, sdp: await described(peer, () => peer.createAnswer()) });
  return { code, rules: joined.rules, params: joined.params, connected: connecting };
}

/**
 * A match in play over an open channel. `handlers.table(table, state)` hears the table after
 * every answer (duel's `table`: ginrummy.referee's view, and `state`: the page's state to
 * draw, ginrummy.friend_table's); `handlers.refused(error, ended)`
 * a message or move duel refused (`ended`: the match is over); `handlers.closed()` the
 * channel closing.
 */
export class FriendMatch {
  constructor(duel, peer, channel, handlers) {
    this.duel = duel;
    this.peer = peer;
    this.channel = channel;
    this.handlers = handlers;
    this.queue = Promise.resolve();
    channel.addEventListener("message", (event) => this.ask("receive", String(event.data)));
    channel.addEventListener("close", () => handlers.closed?.());
  }

  /** Send what duel's `answer` lists to send, and hand its table on (or its refusal). */
  deliver(answer) {
    if (!answer.ok) {
      this.handlers.refused?.(answer.error, Boolean(answer.ended));
      if (!answer.ended) return;
    }
    // a closed channel loses nothing: after a reconnection duel's resume sends it again
    if (this.channel.readyState === "open") {
      for (const message of answer.send || []) this.channel.send(JSON.stringify(message));
    }
    if (answer.table) this.handlers.table?.(answer.table, answer.state);
  }

  /** Ask duel `op` with `arg` after every request before it; resolves once delivered. */
  ask(op, arg) {
    const asking = this.queue.then(async () => this.deliver(await this.duel(op, arg)));
    this.queue = asking.catch(() => {}); // a handler's failure stops no later request
    return asking;
  }

  /** Play this page's move `action` (an action's text of the table's "legal"). */
  play(action) {
    return this.ask("play", action);
  }

  /** Close the connection. */
  close() {
    this.peer.close();
  }
}
