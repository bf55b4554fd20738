// The service worker: offline play after the first visit.
// A template: build.py fills in the cache name (a hash of the content of
// dist/) and the list of every file, then writes dist/sw.js.
//
// - install: precache every file (revalidated, so an HTTP cache never hands
//   an old file to a new build; the runtime's code needs no revalidating);
// - a new build waits until the open page has booted and tells it to take
//   over (message "skip-waiting", sent by engine.js), so a booting page never
//   sees files of two builds;
// - activate: delete the caches of older builds, then claim the open pages;
// - fetch: answer from the cache, else the network (same origin only); but
//   the Pyodide runtime's code, online, is left to the browser (see below).
const CACHE = __CACHE_NAME__;
const PRECACHE = __PRECACHE__;
// The Pyodide runtime's code (its .mjs modules and its wasm). Answered from
// here, Chromium does not reuse V8's compiled code for it (it clears the code
// cache entries; pyodide.asm.mjs gets none) and every warm start recompiles
// it: about 1.5 CPU-seconds more on 2 cores. Loaded by the browser itself,
// through its HTTP cache, the compiled code is reused. So, online, these
// requests are not answered here; offline (navigator.onLine false), the cache
// answers them. No build can mix in through the HTTP cache: these files come
// from the pinned, integrity-checked Pyodide, in a folder named after its
// version, so a URL always means the same bytes; everything that differs
// between builds (the page, worker.js, the lock file, the wheel) is always
// answered from the cache. Online but unreachable, that boot fails; engine.js
// then starts a worker named "cached", which asks for the runtime under
// <runtime folder>/cached/, an alias always answered from the cache.
const RUNTIME_CODE = new Set(__RUNTIME_CODE__.map((path) => new URL(path, self.location.href).href));
const CACHED_RUNTIME = `${[...RUNTIME_CODE][0].replace(/[^/]*$/, "")}cached/`;

self.addEventListener("install", (event) => {
  // The runtime's code may come from the HTTP cache as it is (same URL, same
  // bytes); revalidating it measured slower warm starts (its compiled code lost).
  const mode = (path) => (RUNTIME_CODE.has(new URL(path, self.location.href).href) ? "force-cache" : "no-cache");
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((path) => new Request(path, { cache: mode(path) }))),
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
  if (self.navigator.onLine && RUNTIME_CODE.has(url.origin + url.pathname)) return;
  const target = url.href.startsWith(CACHED_RUNTIME)
    ? new Request(url.href.replace(CACHED_RUNTIME, CACHED_RUNTIME.slice(0, -"cached/".length)))
    : request;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(target, { ignoreSearch: true }))
      .then((cached) => cached ?? fetch(target)),
  );
});
