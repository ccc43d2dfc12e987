// Offline play: registers the service worker (sw.js), which keeps the whole site in the
// Cache API so that later loads start with no network. Relative URLs: any sub-path works.

/**
 * Register sw.js for this folder, once the game is dealt (so its downloads never slow the
 * first load), and let a newer build's worker take over now that this page has loaded
 * everything it needs. Where service workers are unavailable (file://, plain http on a
 * LAN address, a blocking browser) the game simply needs the network each time.
 */
export function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  const here = new URL("./", import.meta.url);
  const activate = (worker) => worker && worker.postMessage("activate");
  navigator.serviceWorker.register(new URL("sw.js", here), { scope: here.href }).then(
    (registration) => {
      activate(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker.addEventListener("statechange", () => worker.state === "installed" && activate(worker));
      });
    },
    (error) => console.warn("offline play is unavailable:", error),
  );
}
