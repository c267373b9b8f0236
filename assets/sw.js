// Offline after the first visit (issue 20). Scoped to the page's own folder,
// so it works from any sub-path. Network first: online, every request goes
// to the server and the answer refreshes the cache, so a new build replaces
// the old files on the next online visit; offline, the cache answers.
// Nothing here talks to another origin.
const CACHE = "ringcount";
const FILES = [
  "./", "./index.html", "./boot.js", "./first.js", "./first_bg.wasm", "./ringcount.js", "./ringcount_bg.wasm",
  "./measure.js", "./worker.js", "./worker_bg.wasm",
  // The app's JS snippets (named by hash), listed here by .ci/finish-build.mjs.
  ...[],
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

// The page is one file whatever its query says, so a visit to any address
// of it refreshes (and, offline, reads) the one copy under its bare address:
// otherwise an older copy filed under another query could answer offline.
const keyOf = (request) => {
  if (request.mode !== "navigate") return request;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  return url.href;
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const key = keyOf(request);
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(key, copy));
        }
        return response;
      })
      // Offline: the cached file, or the page itself for any address of it.
      .catch(() => caches.match(key).then((cached) => cached ?? caches.match("./"))),
  );
});
