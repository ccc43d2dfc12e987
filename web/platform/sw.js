// The service worker that makes the game play offline: it keeps every file of the site in
// the Cache API after the first visit and answers from there first, so a later load needs
// no network. tools/website.py writes BUILD: each site file with its SHA-256, the cache's
// name (a hash of the whole site) and, in the CDN build, where Pyodide is and its files.
//
// Updates: the browser fetches sw.js anew on each load (past the HTTP cache), so a new
// build brings a new worker, which downloads only the files whose hash changed (the rest
// are copied from the old cache) and checks each hash. It then waits until the page that
// is open has everything it needs (offline.js sends "activate" once the game is dealt),
// takes over, and deletes the old build's cache: that page keeps running the build it
// loaded (it loads all its files before the deal), the next load runs the new one, and no
// page mixes two builds. No reload prompt: a reload resumes the saved game exactly anyway.
//
// Caches are named by the worker's scope (the site's folder): two builds on one origin
// (user.github.io/a/ and /b/) each keep and replace only their own.
const BUILD = { cache: "ginrummy-sw-site-unbuilt", files: {}, cdn: "", cdnFiles: [] };

const scope = new URL("./", self.location.href).href;
const OWN = `ginrummy@${scope} `; // the prefix of every cache this worker owns; others are left alone
// What builds before scoped names kept, by the prefix of their names: deleted on activation
// when they are this scope's ("ginrummy-sw-site-*", whose files are under this scope) or no
// longer read by any build ("ginrummy-sw-cdn *", which such a build refills from the CDN,
// and "ginrummy-bytecode": the engine compiled by the page's worker, until the site shipped
// it compiled).
const UNSCOPED = "ginrummy-sw-";
const RETIRED = ["ginrummy-bytecode"];
const SITE = `${OWN}site-`;
const SITE_CACHE = BUILD.cache.replace("ginrummy-sw-site-", SITE); // SITE + the site's hash
const CDN_CACHE = `${OWN}cdn ${BUILD.cdn}`; // the CDN's address names the Pyodide version
const HASH_HEADER = "x-ginrummy-sha256";

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The cached copy of the site file at `url` with `hash`, from any of our older caches. */
async function keptCopy(url, hash) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(SITE)) continue;
    const hit = await (await caches.open(name)).match(url);
    if (hit && hit.headers.get(HASH_HEADER) === hash) return hit;
  }
  return null;
}

/** Download the site file at `url` past the HTTP cache; refuse it unless it hashes to `hash`. */
async function download(url, hash) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  const got = hex(await crypto.subtle.digest("SHA-256", bytes));
  if (got !== hash) throw new Error(`${url} is not the file of this build (another deploy?)`);
  const type = response.headers.get("content-type") || "application/octet-stream";
  return new Response(bytes, { headers: { "content-type": type, [HASH_HEADER]: hash } });
}

/** Fill this build's cache (and the CDN's); on any failure drop it: no half-kept build. */
async function precache() {
  const cache = await caches.open(SITE_CACHE);
  const site = Object.entries(BUILD.files).map(async ([path, hash]) => {
    const url = new URL(path, scope).href;
    await cache.put(url, (await keptCopy(url, hash)) || (await download(url, hash)));
  });
  const runtime = BUILD.cdnFiles.map(async (file) => {
    const url = BUILD.cdn + file;
    const cdn = await caches.open(CDN_CACHE);
    if (await cdn.match(url, { ignoreVary: true })) return;
    const response = await fetch(url, { mode: "cors" });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    await cdn.put(url, response);
  });
  try {
    await Promise.all([...site, ...runtime]);
  } catch (error) {
    await caches.delete(SITE_CACHE);
    throw error; // the install fails: the page runs online, the next load tries again
  }
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
});

/** Drop the CDN files an earlier build of this Pyodide version kept and this one does not
 * load (the standard library, before the page booted from a snapshot). */
async function pruneCdnCache() {
  const wanted = new Set(BUILD.cdnFiles.map((file) => BUILD.cdn + file));
  const cdn = await caches.open(CDN_CACHE);
  for (const request of await cdn.keys()) {
    if (!wanted.has(request.url)) await cdn.delete(request);
  }
}

/** Whether cache `name`, kept by a build before scoped names, is this scope's or unread. */
async function unscopedLeftover(name) {
  if (RETIRED.includes(name) || name.startsWith(`${UNSCOPED}cdn `)) return true;
  if (!name.startsWith(UNSCOPED)) return false;
  const [first] = await (await caches.open(name)).keys();
  return !first || first.url.startsWith(scope);
}

self.addEventListener("activate", (event) => {
  const keep = new Set([SITE_CACHE, CDN_CACHE]);
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if ((name.startsWith(OWN) && !keep.has(name)) || (await unscopedLeftover(name))) await caches.delete(name);
      }
      if (BUILD.cdn) await pruneCdnCache();
      await self.clients.claim();
    })(),
  );
});

/** Where `request` is kept and under which URL, or null when it is none of ours. */
function cacheKey(request) {
  const url = new URL(request.url);
  if (BUILD.cdn && url.href.startsWith(BUILD.cdn)) return [CDN_CACHE, url.href];
  if (!url.href.startsWith(scope)) return null;
  // A page load may carry the game in its query (?preset=...&seed=...): the page is the same file.
  let path = url.href.slice(scope.length).replace(/[?#].*$/, "");
  if (request.mode !== "navigate" && url.search) return null;
  if (path === "" || path.endsWith("/")) path += "index.html";
  return path in BUILD.files ? [SITE_CACHE, new URL(path, scope).href] : null;
}

/** Answer from the cache, else from the network (keeping a CDN file for the next time). */
async function answer(request, [name, url]) {
  const cache = await caches.open(name);
  let response = await cache.match(url, { ignoreVary: true });
  if (!response) {
    response = await fetch(request);
    if (name === CDN_CACHE && request.method === "GET" && response.ok) {
      await cache.put(url, response.clone());
    }
    return response;
  }
  // The worker asks for pyodide.asm.wasm's type with a HEAD request: the headers, no body.
  if (request.method === "HEAD") return new Response(null, { headers: response.headers });
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const key = cacheKey(request);
  if (key) event.respondWith(answer(request, key));
});
