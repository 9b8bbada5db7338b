// vault serve's service worker: the assets and the last pages seen kept for offline use.
// Pages come from the network first (never stale while online); offline, the kept copy answers.
var CACHE = "vault-serve-v1";
var ASSETS = ["/assets/app.css", "/assets/app.js", "/manifest.webmanifest", "/assets/icon.svg"];
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(ASSETS); }).then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request).then(function (response) {
      if (response.ok && !response.redirected) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(request).then(function (kept) { return kept || Response.error(); });
    })
  );
});
