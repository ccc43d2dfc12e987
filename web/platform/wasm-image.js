// The snapshot of Python's memory as the site ships it, and how a Pyodide boots from it.
//
// Pyodide's own snapshot (makeMemorySnapshot) is a header and the whole wasm memory, 30 MB.
// Its first 3.8 MB are the memory's initial image: what instantiating pyodide.asm.wasm
// writes there (its data segments: Python's static types, tables, frozen modules), which
// Python has since changed in a few thousand places. The page downloads pyodide.asm.wasm
// anyway, so the site's file carries that stretch XORed with the initial image (zeros
// where nothing changed: gzip makes next to nothing of them) and stops at the memory's
// last byte that is not zero:
//
//   "gin1" | the snapshot's length | where its memory starts | the image's length |
//   the snapshot up to its last byte that is not zero, the image XORed in
//
// (four 32-bit little-endian words, then the bytes). The build packs it (packSnapshot,
// tools/snapshot.mjs); the worker reads it as it downloads (readSnapshot) and puts the
// image back the moment the wasm is instantiated, when the memory holds the image and
// nothing else, before Pyodide restores the snapshot (imageRestoringFactory). Nothing is
// fetched or parsed twice.

const MAGIC = 0x316e6967; // "gin1"
const HEADER_BYTES = 16;

/** XOR `image` into `bytes` (from its start, as far as the shorter goes); four bytes at
 * a time where both are aligned (the worker does 3.8 MB of it as Python boots). */
function xorInto(bytes, image) {
  const length = Math.min(bytes.length, image.length);
  let at = 0;
  if (bytes.byteOffset % 4 === 0 && image.byteOffset % 4 === 0) {
    const words = length >> 2;
    const into = new Uint32Array(bytes.buffer, bytes.byteOffset, words);
    const from = new Uint32Array(image.buffer, image.byteOffset, words);
    for (let word = 0; word < words; word++) into[word] ^= from[word];
    at = words << 2;
  }
  for (; at < length; at++) bytes[at] ^= image[at];
}

/** The memory as instantiation leaves it, up to its last byte that is not zero (a copy). */
export function initialImage(memory) {
  const bytes = new Uint8Array(memory.buffer);
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return bytes.slice(0, end);
}

/** Pack Pyodide's `snapshot` (makeMemorySnapshot()) against `image` (initialImage()). */
export function packSnapshot(snapshot, image) {
  const memoryAt = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
  let end = snapshot.length;
  while (end > memoryAt + image.length && snapshot[end - 1] === 0) end--;
  const packed = new Uint8Array(HEADER_BYTES + end);
  const header = new DataView(packed.buffer);
  [MAGIC, snapshot.length, memoryAt, image.length].forEach((word, index) =>
    header.setUint32(4 * index, word, true),
  );
  packed.set(snapshot.subarray(0, end), HEADER_BYTES);
  xorInto(packed.subarray(HEADER_BYTES + memoryAt), image);
  return packed;
}

/** Read a packed snapshot from `stream` (its bytes, unpacked from gzip) into a buffer of
 * the snapshot's full length, as the bytes come: {snapshot, memoryAt, imageLength}. The
 * image is still XORed in (restoreImage puts it back).
 * @throws {Error} when the bytes are not a packed snapshot, or not all of one. */
export async function readSnapshot(stream) {
  const reader = stream.getReader();
  const header = new Uint8Array(HEADER_BYTES);
  let headerRead = 0;
  let found = null;
  let filled = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let chunk = value;
    if (!found) {
      const taken = Math.min(HEADER_BYTES - headerRead, chunk.length);
      header.set(chunk.subarray(0, taken), headerRead);
      headerRead += taken;
      chunk = chunk.subarray(taken);
      if (headerRead < HEADER_BYTES) continue;
      const words = new DataView(header.buffer);
      const [magic, length, memoryAt, imageLength] = [0, 1, 2, 3].map((index) =>
        words.getUint32(4 * index, true),
      );
      if (magic !== MAGIC) throw new Error("not a packed snapshot");
      found = { snapshot: new Uint8Array(length), memoryAt, imageLength };
    }
    if (filled + chunk.length > found.snapshot.length) throw new Error("longer than its header says");
    found.snapshot.set(chunk, filled);
    filled += chunk.length;
  }
  if (!found || filled < found.memoryAt + found.imageLength) throw new Error("cut short");
  return found;
}

/** Put the initial image back into a snapshot `read` by readSnapshot, from `memory` (the
 * wasm's, as instantiation left it). (A snapshot packed against another Pyodide is
 * refused by Pyodide: its build id, in the header, is not XORed.) */
export function restoreImage(read, memory) {
  const image = new Uint8Array(memory.buffer, 0, read.imageLength);
  xorInto(read.snapshot.subarray(read.memoryAt, read.memoryAt + read.imageLength), image);
}

/** Pyodide's module `factory` (the default export of pyodide.asm.mjs), made to call
 * `instantiated(memory)` when the wasm is instantiated, before any of its code runs
 * (Emscripten's instantiateWasm hook, which Pyodide sets): the memory then holds its
 * initial image only. Returns {factory} for loadPyodide's `createPyodideModule`, and
 * {failed}, a promise rejected with what `instantiated` throws (Pyodide would only log
 * it, and wait for ever). Nothing is kept once `instantiated` has been called. */
export function watchInstantiation(factory, instantiated) {
  let told = instantiated;
  let fail;
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
  const watching = (settings) => {
    const instantiate = settings.instantiateWasm;
    if (typeof instantiate !== "function") {
      throw new Error("this Pyodide instantiates its wasm in a way the snapshot cannot follow");
    }
    settings.instantiateWasm = (imports, receive) =>
      instantiate(imports, (instance, module) => {
        const tell = told;
        told = null;
        try {
          tell(instance.exports.memory);
        } catch (error) {
          fail(error);
          return;
        }
        receive(instance, module);
      });
    return factory(settings);
  };
  return { factory: watching, failed };
}
