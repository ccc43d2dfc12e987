// Sound: short card sounds made with the Web Audio API (no sound files). Off until the
// player turns it on (remembered); quiet; silent while the tab is hidden. The audio
// context is made and resumed only in a user gesture, as browsers' autoplay rules ask.
import { moveWord } from "./reasons.js";
import { read, write } from "../platform/storage.js";

const KEY = "ginrummy.sound";
const VOLUME = 0.16;
const NOISE_SECONDS = 0.25;

let enabled = read(KEY) === "on";
let context = null;
let master = null;
let noise = null;

/** Make (once) and resume the audio context: call only from a user gesture. */
function wake() {
  if (!enabled || document.hidden) return;
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    context = new Context();
    master = context.createGain();
    master.gain.value = VOLUME;
    master.connect(context.destination);
    noise = context.createBuffer(1, Math.round(context.sampleRate * NOISE_SECONDS), context.sampleRate);
    const samples = noise.getChannelData(0);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.random() * 2 - 1;
  }
  if (context.state === "suspended") context.resume();
}

/** Return a gain node shaping a sound from `at` (s): a 5 ms rise to `peak`, then a fall over `length`. */
function envelope(at, length, peak) {
  const gain = context.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  gain.connect(master);
  return gain;
}

/** A card's rustle: filtered noise around `pitch` Hz. */
function rustle(at, length, pitch, peak) {
  const source = context.createBufferSource();
  source.buffer = noise;
  const filter = context.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = pitch;
  filter.Q.value = 0.9;
  source.connect(filter).connect(envelope(at, length, peak));
  source.start(at, Math.random() * (NOISE_SECONDS - length));
  source.stop(at + length);
}

/** A short tone of `pitch` Hz. */
function tone(at, length, pitch, peak, type = "sine") {
  const oscillator = context.createOscillator();
  oscillator.type = type;
  oscillator.frequency.value = pitch;
  oscillator.connect(envelope(at, length, peak));
  oscillator.start(at);
  oscillator.stop(at + length);
}

const notes = (at, pitches, step, peak) => pitches.forEach((pitch, i) => tone(at + i * step, 0.22, pitch, peak));

const SOUNDS = {
  draw: (at) => rustle(at, 0.07, 2600, 0.7),
  discard: (at) => {
    rustle(at, 0.09, 1300, 1);
    tone(at, 0.06, 170, 0.35, "triangle");
  },
  knock: (at) => {
    tone(at, 0.09, 130, 1, "triangle");
    tone(at + 0.15, 0.09, 130, 1, "triangle");
  },
  gin: (at) => notes(at, [660, 880, 1320], 0.08, 0.45),
  win: (at) => notes(at, [523, 659, 784, 1047], 0.1, 0.4),
  lose: (at) => notes(at, [392, 330, 262], 0.14, 0.4),
};

/** Which sound the first word of an event's action makes. */
const EVENT_SOUNDS = {
  stock: "draw", upcard: "draw", take: "draw", discard: "discard", layoff: "discard", meld: "discard", add: "discard",
  knock: "knock", gin: "gin", "big gin": "gin",
};

function play(name, delay = 0) {
  if (!enabled || !context || document.hidden) return;
  SOUNDS[name](context.currentTime + delay);
}

/**
 * Play the sound of the move that turned bridge state `before` into `after`, then the
 * hand's end (a win or a loss for the player, seat 0). Nothing on a new deal.
 */
export function soundOfMove(before, after) {
  if (!enabled || !before || before.view.hand_number !== after.view.hand_number) return;
  const events = after.view.events;
  if (events.length > before.view.events.length) {
    const name = EVENT_SOUNDS[moveWord(events.at(-1).action)];
    if (name) play(name);
  }
  const winner = after.result ? after.result.winner : null;
  if (!before.result && winner !== null) play(winner === 0 ? "win" : "lose", 0.4);
}

/** Make checkbox `box` the sound switch, and start the audio on the page's first gesture. */
export function setupSound(box) {
  box.checked = enabled;
  box.addEventListener("change", () => {
    enabled = box.checked;
    write(KEY, enabled ? "on" : "off");
    if (enabled) {
      wake();
      play("draw");
    } else if (context) {
      context.suspend();
    }
  });
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, wake, true);
  document.addEventListener("visibilitychange", () => {
    if (!context) return;
    if (document.hidden) context.suspend();
    else if (enabled) context.resume(); // the page was used already: no new gesture needed
  });
}
