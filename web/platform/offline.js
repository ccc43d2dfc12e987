// Offline play: registers the service worker (sw.js), which keeps the whole site in the
// Cache API so that later loads start with no network. Relative URLs: any sub-path works.

/** Tell `worker` (a newer build's, or none) to take over once it has its files. */
function activateWhenInstalled(worker) {
  if (!worker) return;
  const ask = () => {
    if (worker.state !== "installed") return false;
    worker.postMessage("activate");
    return true;
  };
  if (!ask()) worker.addEventListener("statechange", ask);
}

/**
 * Register sw.js for this folder, once the game is dealt (so its downloads never slow the
 * first load), and let a newer build's worker take over now that this page has loaded
 * everything it needs. Where service workers are unavailable (file://, plain http on a
 * LAN address, a blocking browser) the game simply needs the network each time.
 */
export function keepOffline() {
  if (!("serviceWorker" in navigator)) return;
  const here = new URL("./", import.meta.url);
  navigator.serviceWorker.register(new URL("sw.js", here), { scope: here.href }).then(
    (registration) => {
      if (!registration) return; // service workers blocked (an automated browser's setting)
      activateWhenInstalled(registration.waiting || registration.installing);
      registration.addEventListener("updatefound", () => activateWhenInstalled(registration.installing));
    },
    (error) => console.warn("offline play is unavailable:", error),
  );
}
