// Generated from Sources/VaultServe/Assets by scripts/serve-assets.py: edit those files, then run it.
// The assets live in the binary (no bundle beside it to lose); VaultServeTests checks this file matches them.

/// The style sheet, script, service worker, manifest and icon, served from the binary.
enum Assets {
    /// `app.css`.
    static let style = Asset(path: "/assets/app.css", contentType: "text/css; charset=utf-8", file: "app.css", text: #"""
/* vault serve: one style sheet, served from the binary. Sizes in rem follow the browser's font size. */
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1b1f; --dim: #4a4a55; --line: #c9c9d1; --card: #f4f4f7;
  --accent: #0b57d0; --accent-fg: #ffffff; --danger: #a4161a; --danger-fg: #ffffff;
  --warn: #7a4a00; --focus: #b3261e; --mark: #ffe08a;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #131316; --fg: #ececf1; --dim: #b4b4c0; --line: #4a4a55; --card: #1f1f25;
    --accent: #a8c7fa; --accent-fg: #0b1d3a; --danger: #ffb4ab; --danger-fg: #410002;
    --warn: #ffcf7a; --focus: #ffd54f; --mark: #5c4400;
  }
}
* { box-sizing: border-box; }
html { font-size: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 48rem; margin: 0 auto; padding: 1rem 1rem 7rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
a { color: var(--accent); }
.dim, .meta { color: var(--dim); }
.meta { font-size: 0.9rem; word-break: break-word; }
.warn { color: var(--warn); }
.problem { color: var(--danger); }
.skip-link { position: absolute; left: -100vw; }
.skip-link:focus { left: 0.5rem; top: 0.5rem; background: var(--bg); padding: 0.5rem; z-index: 10; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
header.top { border-bottom: 1px solid var(--line); }
header.top nav { max-width: 48rem; margin: 0 auto; display: flex; flex-wrap: wrap; gap: 0.25rem; padding: 0 0.5rem; }
header.top nav a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 0.75rem; text-decoration: none; font-weight: 600; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.table { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.5rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: middle; }
td a { display: inline-block; min-height: 44px; padding: 0.6rem 0; }
.tag { display: inline-block; font-size: 0.8rem; border: 1px solid var(--line); border-radius: 0.25rem; padding: 0 0.35rem; }
.role-missed .tag { border-color: var(--danger); color: var(--danger); }
.button { display: inline-flex; align-items: center; justify-content: center; gap: 0.4rem; min-height: 44px; min-width: 44px;
  padding: 0.4rem 1rem; border: 1px solid var(--line); border-radius: 0.5rem; background: var(--card); color: var(--fg);
  font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; }
.button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-fg); }
.button.danger { background: var(--danger); border-color: var(--danger); color: var(--danger-fg); }
.button kbd { font: 0.75rem ui-monospace, monospace; border: 1px solid currentColor; border-radius: 0.2rem; padding: 0 0.25rem; opacity: 0.9; }
.button .interval { font-weight: 400; }
form.inline { display: inline; margin: 0; }
.actions, .keys { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.keys.sticky { position: fixed; left: 0; right: 0; bottom: 0; justify-content: center; padding: 0.5rem;
  background: var(--bg); border-top: 1px solid var(--line); }
.ratings { display: flex; flex-wrap: wrap; gap: 0.5rem; justify-content: center; }
.ratings[hidden], #reveal-bar[hidden] { display: none; }
article.note, article.card { background: var(--card); border: 1px solid var(--line); border-radius: 0.75rem; padding: 1rem; overflow-wrap: anywhere; }
article.card { font-size: 1.15rem; }
article img { max-width: 100%; height: auto; }
article pre { overflow-x: auto; }
mark { background: var(--mark); color: var(--fg); font-weight: 700; }
progress { width: 100%; height: 0.5rem; }
.notice, .offline-count, .pending { border-left: 4px solid var(--accent); padding: 0.25rem 0.75rem; }
.done { font-size: 1.15rem; font-weight: 600; }
.search-form { display: flex; gap: 0.5rem; }
.search-form input { flex: 1; min-height: 44px; font: inherit; padding: 0 0.75rem; border: 1px solid var(--line); border-radius: 0.5rem; background: var(--bg); color: var(--fg); }
.hits li { margin: 0.75rem 0; }
figure.locus { margin: 1rem 0; }
figure.locus img { display: block; width: 100%; height: auto; border-radius: 0.5rem; }
@media (min-width: 64rem) { main { max-width: 60rem; } header.top nav { max-width: 60rem; } }
form.stack { display: grid; gap: 0.5rem; max-width: 24rem; }
form.stack input, form.stack select { min-height: 44px; font: inherit; padding: 0 0.75rem; border: 1px solid var(--line); border-radius: 0.5rem; background: var(--bg); color: var(--fg); }
"""#)

    /// `app.js`.
    static let script = Asset(path: "/assets/app.js", contentType: "text/javascript; charset=utf-8", file: "app.js", text: #"""
// vault serve: the one script, served from the binary (no inline script, no other origin).
// Keys as in the terminal screens; study reveal and ratings; swipes; answers kept offline.
(function () {
  "use strict";
  var shownAt = Date.now();

  function keyName(event) {
    if (event.key === " ") return "Space";
    return event.key;
  }

  function typing(target) {
    return target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable);
  }

  function visible(element) {
    for (var node = element; node; node = node.parentElement) { if (node.hidden) return false; }
    return true;
  }

  function activate(element) {
    if (element.tagName === "BUTTON") { element.form.requestSubmit(element); } else { element.click(); }
  }

  function reveal() {
    var answer = document.getElementById("answer");
    if (!answer || !answer.hidden) return false;
    answer.hidden = false;
    document.getElementById("reveal-bar").hidden = true;
    var bar = document.getElementById("rate-bar");
    bar.hidden = false;
    // The usual answer (Good) has the focus, so Enter gives it; else the first.
    var first = bar.querySelector("button.usual") || bar.querySelector("button");
    if (first) first.focus();
    return true;
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    var name = keyName(event);
    if ((name === "Space" || name === "Enter") && document.getElementById("answer")) {
      if (reveal()) { event.preventDefault(); return; }
      if (name === "Enter") return;  // Enter on a focused rating button submits it
    }
    // The terminal's other keys for the same action: space and → skip (review) or go on (learn), ← goes back.
    var aliases = { Space: ["s", "n"], ArrowRight: ["s", "n"], ArrowLeft: ["p"], Escape: ["q"] };
    var wanted = [name].concat(aliases[name] || []);
    var candidates = document.querySelectorAll("[data-key]");
    for (var w = 0; w < wanted.length; w++) {
      for (var i = 0; i < candidates.length; i++) {
        if (candidates[i].getAttribute("data-key") === wanted[w] && visible(candidates[i])) {
          event.preventDefault();
          activate(candidates[i]);
          return;
        }
      }
    }
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.reveal");
    if (link && reveal()) event.preventDefault();
  });

  // Swipe on the review's note: right keeps, left archives.
  var swipe = document.querySelector("[data-swipe]");
  if (swipe) {
    var startX = null, startY = null;
    swipe.addEventListener("touchstart", function (e) { startX = e.touches[0].clientX; startY = e.touches[0].clientY; }, { passive: true });
    swipe.addEventListener("touchend", function (e) {
      if (startX === null) return;
      var dx = e.changedTouches[0].clientX - startX, dy = e.changedTouches[0].clientY - startY;
      startX = null;
      if (Math.abs(dx) < 80 || Math.abs(dy) > Math.abs(dx)) return;
      var button = document.querySelector('[data-key="' + (dx > 0 ? "k" : "a") + '"]');
      if (button) activate(button);
    });
  }

  // Answers: sent with their response time; kept in IndexedDB when the network is gone.
  var DB = "vault-serve", STORE = "answers";
  function openDB() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open(DB, 1);
      request.onupgradeneeded = function () { request.result.createObjectStore(STORE, { autoIncrement: true }); };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  function withStore(mode, work) {
    return openDB().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode), store = tx.objectStore(STORE), result = work(store);
        tx.oncomplete = function () { resolve(result && "result" in result ? result.result : undefined); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }
  function waiting() {
    return withStore("readonly", function (store) { return store.count(); });
  }
  function showWaiting() {
    var note = document.getElementById("waiting");
    if (!note || !window.indexedDB) return;
    waiting().then(function (count) {
      note.hidden = !count;
      note.textContent = count === 1 ? "1 answer waiting to be sent" : count + " answers waiting to be sent";
    });
  }
  function keep(fields) {
    return withStore("readwrite", function (store) { return store.add(fields); });
  }
  function flush() {
    if (!window.indexedDB) return Promise.resolve();
    return withStore("readonly", function (store) { return store.getAll(); }).then(function (all) {
      return withStore("readonly", function (store) { return store.getAllKeys(); }).then(function (keys) {
        var chain = Promise.resolve();
        all.forEach(function (fields, i) {
          chain = chain.then(function () {
            var action = fields.__action || "/study/rate";
            var body = {};
            Object.keys(fields).forEach(function (name) { if (name !== "__action") body[name] = fields[name]; });
            // The page's CSRF token now: a server started again since the answer has a new one.
            var meta = document.querySelector('meta[name="csrf"]');
            if (meta && meta.content) body.csrf = meta.content;
            return fetch(action, { method: "POST", credentials: "same-origin", body: new URLSearchParams(body) })
              .then(function (response) {
                if (response.ok || response.status === 404 || response.status === 400) {
                  return withStore("readwrite", function (store) { return store.delete(keys[i]); });
                }
              });
          });
        });
        return chain;
      });
    }).then(showWaiting, showWaiting);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var response = form.querySelector('input[name="response_ms"]');
    if (!response) return;
    event.preventDefault();
    response.value = String(Date.now() - shownAt);
    var fields = {};
    new FormData(form).forEach(function (value, name) { fields[name] = String(value); });
    var answeredAt = String(Date.now());
    var action = new URL(form.action).pathname;
    fetch(action, { method: "POST", credentials: "same-origin", body: new URLSearchParams(fields) })
      .then(function (reply) { window.location.assign(reply.url); })
      .catch(function () {
        // Kept for later with the moment it was given (online, the server's clock times it).
        fields.answered_at = answeredAt;
        fields.__action = action;
        keep(fields).then(nextOffline);
      });
  });

  // Offline: the next card of the queue kept in the page, shown after an answer is kept.
  function nextOffline() {
    showWaiting();
    var data = document.getElementById("next-cards");
    var cards = data ? JSON.parse(data.textContent || "[]") : [];
    var card = document.getElementById("card");
    if (!card) return;
    var current = card && card.getAttribute("data-card");
    var index = -1;
    for (var i = 0; i < cards.length; i++) { if (cards[i].id === current) index = i; }
    var next = cards[index + 1];
    if (!next) {
      card.querySelector(".question").textContent = "No more cards kept for offline; your answers are sent when the network returns.";
      document.getElementById("answer").hidden = true;
      document.getElementById("rate-bar").hidden = true;
      return;
    }
    card.setAttribute("data-card", next.id);
    var place = document.getElementById("place");
    if (place) place.textContent = next.place + " (kept for offline)";
    card.querySelector(".question").textContent = next.question;
    var answer = document.getElementById("answer");
    answer.textContent = next.answer;
    answer.hidden = true;
    document.getElementById("reveal-bar").hidden = false;
    document.getElementById("rate-bar").hidden = true;
    var inputs = document.querySelectorAll('#rate-bar input[name="card"]');
    for (var j = 0; j < inputs.length; j++) inputs[j].value = next.id;
    shownAt = Date.now();
  }

  window.addEventListener("online", flush);
  if (navigator.onLine) flush(); else showWaiting();
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(function () {});
})();
"""#)

    /// `sw.js`.
    static let serviceWorker = Asset(path: "/sw.js", contentType: "text/javascript; charset=utf-8", file: "sw.js", text: #"""
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
"""#)

    /// `manifest.webmanifest`.
    static let manifest = Asset(path: "/manifest.webmanifest", contentType: "application/manifest+json", file: "manifest.webmanifest", text: #"""
{
  "name": "vault",
  "short_name": "vault",
  "start_url": "/",
  "scope": "/",
  "display": "standalone",
  "background_color": "#131316",
  "theme_color": "#0b57d0",
  "icons": [{ "src": "/assets/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any" }]
}
"""#)

    /// `icon.svg`.
    static let icon = Asset(path: "/assets/icon.svg", contentType: "image/svg+xml", file: "icon.svg", text: #"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0b57d0"/><path d="M16 18h8l8 24 8-24h8L36 48h-8z" fill="#fff"/></svg>
"""#)

    static let all = [style, script, serviceWorker, manifest, icon]
}
