// vault serve's service worker: the app kept for offline use. At install, the app shell (the
// style sheet, the script, the icons) and the pages a phone needs before any visit (today, the
// study queue with its next cards, the decks, a new note, the notes); then every page seen.
// Pages come from the network first (never stale while online); offline, the kept copy answers
// (the same address, else the same page whatever its query).
var CACHE = "vault-serve-v2";
var SHELL = ["/assets/app.css", "/assets/app.js", "/manifest.webmanifest", "/assets/icon.svg", "/assets/icon-192.png",
  "/assets/icon-512.png", "/apple-touch-icon.png", "/favicon.ico"];
var PAGES = ["/", "/study", "/decks", "/new", "/list/daily"];
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    // The pages with the cookie: each on its own, so one that fails does not keep the others out.
    return cache.addAll(SHELL).then(function () {
      return Promise.all(PAGES.map(function (page) {
        return fetch(page, { credentials: "same-origin" }).then(function (response) {
          if (response.ok && !response.redirected) return cache.put(page, response);
        }).catch(function () {});
      }));
    });
  }).then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== CACHE; }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});
self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname === "/calendar.ics") return;
  event.respondWith(
    fetch(request).then(function (response) {
      if (response.ok && !response.redirected) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(request).then(function (kept) {
        return kept || caches.match(request, { ignoreSearch: true }).then(function (page) { return page || Response.error(); });
      });
    })
  );
});
// A reminder's notification: Study now opens the study session (its answer recorded first),
// Snooze holds reminders back an hour, a tap on it opens the app.
self.addEventListener("notificationclick", function (event) {
  var data = event.notification.data || {};
  event.notification.close();
  var word = event.action === "snooze" ? "snooze" : event.action === "study" ? "study" : null;
  var answered = word && data.csrf
    ? fetch("/reminders/answer", { method: "POST", credentials: "same-origin", redirect: "manual",
        body: new URLSearchParams({ csrf: data.csrf, word: word, reminder: data.id || "" }) }).catch(function () {})
    : Promise.resolve();
  var page = word === "study" ? (data.batch ? "/study?n=" + data.batch : "/study") : word === "snooze" ? null : "/";
  event.waitUntil(answered.then(function () {
    if (!page) return;
    return self.clients.matchAll({ type: "window" }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if ("navigate" in windows[i]) return windows[i].navigate(page).then(function (w) { return w && w.focus(); });
      }
      return self.clients.openWindow(page);
    });
  }));
});
