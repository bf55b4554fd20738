// The service worker: offline play after the first visit.
// A template: build.py fills in the cache name (a hash of the content of
// dist/) and the list of every file, then writes dist/sw.js.
//
// - install: precache every file (revalidated, so an HTTP cache never hands
//   an old file to a new build);
// - a new build waits until the open page has booted and tells it to take
//   over (message "skip-waiting", sent by engine.js), so a booting page never
//   sees files of two builds;
// - activate: delete the caches of older builds, then claim the open pages;
// - fetch: answer from the cache, else the network (same origin only).
const CACHE = __CACHE_NAME__;
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" }))),
    ),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== CACHE && name.startsWith("wizard-")) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((cached) => cached ?? fetch(request)),
  );
});
