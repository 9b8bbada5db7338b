// Generated from Sources/VaultServe/Assets by scripts/serve-assets.py: edit those files, then run it.
// The assets live in the binary (no bundle beside it to lose); VaultServeTests checks this file matches them.

/// The style sheet, script, service worker, manifest and icons, served from the binary.
enum Assets {
    /// `app.css`.
    static let style = Asset(path: "/assets/app.css", contentType: "text/css; charset=utf-8", file: "app.css", text: #"""
/* vault serve: one style sheet, served from the binary. Sizes in rem follow the browser's font size. */
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1b1f; --dim: #4a4a55; --line: #c9c9d1; --card: #f4f4f7;
  --accent: #0b57d0; --accent-fg: #ffffff; --danger: #a4161a; --danger-fg: #ffffff;
  --warn: #7a4a00; --focus: #b3261e; --mark: #ffe08a;
  --failed: #a4161a; --hard: #8a4b00; --good: #1b6e20; --easy: #0b57d0; --tone-fg: #ffffff;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #131316; --fg: #ececf1; --dim: #b4b4c0; --line: #4a4a55; --card: #1f1f25;
    --accent: #a8c7fa; --accent-fg: #0b1d3a; --danger: #ffb4ab; --danger-fg: #410002;
    --warn: #ffcf7a; --focus: #ffd54f; --mark: #5c4400;
    --failed: #ffb4ab; --hard: #ffcf7a; --good: #8fdb8f; --easy: #a8c7fa; --tone-fg: #131316;
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
header.top nav a[aria-current="page"], nav.tabs a[aria-current="page"] { text-decoration: underline; text-underline-offset: 0.3em; }
header.top nav a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 0.75rem; text-decoration: none; font-weight: 600; }
/* On a phone the eight places are two rows of four, every one in sight: a row that
   scrolls sideways hid Sessions, Palaces and Stats past the edge of a 390 px screen. */
@media (max-width: 40rem) {
  header.top nav { display: grid; grid-template-columns: repeat(4, 1fr); gap: 0; padding: 0; }
  header.top nav a { justify-content: center; padding: 0 0.25rem; }
}
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
/* The bar of keys under a review, a study card or a palace walk: one row of buttons that wraps.
   Sticky, not fixed: it stays at the foot of the screen while the page scrolls and takes its own
   height in the page, however many rows it wraps to, so the end of the note is never under it.
   Under short content the page fills the screen and the content's block (.above-keys) grows, so
   the bar stays at the foot there too and does not move when an answer is shown. */
body:has(> main > .keys.sticky) { display: flex; flex-direction: column; min-height: 100vh; min-height: 100dvh; }
main:has(> .keys.sticky) { flex: 1 0 auto; width: 100%; display: flex; flex-direction: column; padding-bottom: 0; }
.above-keys { flex: 1 0 auto; }
.keys.sticky { position: sticky; bottom: 0; z-index: 1; justify-content: center; padding: 0.5rem;
  margin: 1rem -1rem 0; background: var(--bg); border-top: 1px solid var(--line); }
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
/* Pictures never drawn past their own size: a 48×32 picture stays 48×32, a large one fits the width. */
figure.locus img, figure.card-picture img { display: block; max-width: 100%; height: auto; border-radius: 0.5rem; }
img { max-width: 100%; height: auto; }
@media (min-width: 64rem) { main { max-width: 60rem; } header.top nav { max-width: 60rem; } }
form.stack { display: grid; gap: 0.5rem; max-width: 24rem; }
form.stack input, form.stack select { min-height: 44px; font: inherit; padding: 0 0.75rem; border: 1px solid var(--line); border-radius: 0.5rem; background: var(--bg); color: var(--fg); }

/* The dashboard: what to do now as big buttons, the details below. */
.big-actions { display: grid; gap: 0.75rem; margin: 0.5rem 0 1rem; }
.button.big { min-height: 64px; flex-direction: column; align-items: flex-start; justify-content: center; font-size: 1.15rem; padding: 0.6rem 1.1rem; text-align: left; }
.button .sub { font-weight: 400; font-size: 0.9rem; }
.button.big.primary .sub, .button.primary .sub { color: var(--accent-fg); }
.step-title { display: block; }
.reminders { border-left-width: 6px; padding: 0.25rem 0.75rem 0.5rem; margin-bottom: 1rem; }
.reminders h2 { margin: 0.5rem 0 0.25rem; }
.notice .inline .button, .notice form { margin: 0.25rem 0; }
/* Study: the counter, the timer, the ratings in their tones. */
.study-head { display: flex; justify-content: space-between; align-items: baseline; gap: 0.75rem; flex-wrap: wrap; }
.study-head .progress { margin: 0.25rem 0; }
.timer { font: 700 1.1rem ui-monospace, monospace; margin: 0.25rem 0; padding: 0 0.5rem; border-radius: 0.4rem; }
.timer-green { color: var(--good); } .timer-amber { color: var(--hard); } .timer-red { color: var(--failed); }
.hint { color: var(--warn); font-style: italic; }
.button.rate { border-width: 2px; }
.button.tone-failed { border-color: var(--failed); color: var(--failed); }
.button.tone-hard { border-color: var(--hard); color: var(--hard); }
.button.tone-good { border-color: var(--good); color: var(--good); }
.button.tone-easy { border-color: var(--easy); color: var(--easy); }
.button.rate.usual { color: var(--tone-fg); background: var(--good); border-color: var(--good); }
.button.rate .interval { font-size: 0.85rem; }
/* Study's bar holds groups (reveal, ratings, undo and stop), one row each. */
.keys.sticky.grouped { flex-direction: column; gap: 0.4rem; }
.keys.sticky.grouped .bar { display: flex; flex-wrap: wrap; gap: 0.5rem; justify-content: center; }
.bar[hidden], form[hidden] { display: none; }
.sound audio { width: 100%; max-width: 24rem; }
.button.quiet { background: transparent; }
/* Decks, tabs, notes. */
ul.decks, ul.notes { list-style: none; padding: 0; margin: 0; }
ul.decks li, ul.notes li { padding: 0.5rem 0; border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; align-items: baseline; }
ul.decks li a, ul.notes li a { font-weight: 600; min-height: 44px; display: inline-flex; align-items: center; }
.decks .depth-1 { padding-left: 1rem; } .decks .depth-2 { padding-left: 2rem; } .decks .depth-3, .decks .depth-4 { padding-left: 3rem; }
.counts .due { color: var(--warn); font-weight: 600; }
nav.tabs { display: flex; flex-wrap: wrap; gap: 0 0.25rem; border-bottom: 1px solid var(--line); margin-bottom: 0.5rem; }
nav.tabs a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 0.9rem; font-weight: 600; text-decoration: none; }
.group h2 { font-size: 1.05rem; }
.review-status { font-weight: 400; font-size: 0.9rem; }
/* Forms to write. */
form.stack.wide { max-width: none; }
form.stack textarea { font: 1rem/1.45 ui-monospace, monospace; padding: 0.5rem 0.75rem; border: 1px solid var(--line); border-radius: 0.5rem;
  background: var(--bg); color: var(--fg); width: 100%; }
form.stack label { font-weight: 600; margin-top: 0.25rem; }
form.stack .pair { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem; align-items: center; }
details.front-matter pre, .versions pre { background: var(--card); border: 1px solid var(--line); border-radius: 0.5rem; padding: 0.5rem; overflow-x: auto; white-space: pre-wrap; }
.conflict { border-left: 6px solid var(--warn); padding: 0.25rem 0.75rem; margin-bottom: 1rem; }
.versions { display: grid; gap: 0.75rem; }
@media (min-width: 48rem) { .versions { grid-template-columns: 1fr 1fr; } }
.note-actions { margin-top: 1rem; }
/* Search. */
.search-form { display: block; }
.search-row { display: flex; gap: 0.5rem; }
.search-row input { flex: 1; min-height: 44px; font: inherit; padding: 0 0.75rem; border: 1px solid var(--line); border-radius: 0.5rem; background: var(--bg); color: var(--fg); }
details.filters { margin: 0.5rem 0; }
details.filters summary { min-height: 44px; display: flex; align-items: center; cursor: pointer; font-weight: 600; }
.filter-fields { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem; align-items: center; max-width: 28rem; }
.filter-fields input, .filter-fields select { min-height: 44px; font: inherit; padding: 0 0.5rem; border: 1px solid var(--line); border-radius: 0.5rem; background: var(--bg); color: var(--fg); }
.pager { margin: 1rem 0; }
/* Sessions. */
.live-timer { font: 700 1.2rem ui-monospace, monospace; }
.stop-form { margin: 0.5rem 0 1rem; }
/* The statistics report inside the app. */
.stats-report header p { color: var(--dim); }
.stats-report ul.milestones, .stats-report ul.insights { padding-left: 1.2rem; }
.stats-report .new { color: var(--warn); }
"""#)

    /// `app.js`.
    static let script = Asset(path: "/assets/app.js", contentType: "text/javascript; charset=utf-8", file: "app.js", text: #"""
// vault serve: the one script, served from the binary (no inline script, no other origin).
// Keys as in the terminal screens; study reveal, hint, timer and ratings; swipes; every write
// given an id where it is given, and answers, decisions and notes kept offline, sent once.
(function () {
  "use strict";
  var shownAt = Date.now();

  function keyName(event) {
    if (event.key === " ") return "Space";
    return event.key;
  }

  function typing(target) {
    return target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable);
  }

  function visible(element) {
    for (var node = element; node; node = node.parentElement) { if (node.hidden) return false; }
    return true;
  }

  function activate(element) {
    if (element.tagName === "BUTTON") { element.form.requestSubmit(element); } else { element.click(); }
  }

  // An id made here, where the answer, decision or note is given (a UUID, version 4): sent
  // twice, the server writes it once. crypto.getRandomValues works without TLS too.
  function newID() {
    if (window.crypto && crypto.randomUUID) { try { return crypto.randomUUID(); } catch (e) { /* not a secure context */ } }
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  // The timer of the card shown, in the colours of study.timer, until the answer is shown.
  var timer = document.getElementById("timer"), ticking = null;
  function tick() {
    if (!timer) return;
    var seconds = Math.floor((Date.now() - shownAt) / 1000);
    var amber = Number(timer.getAttribute("data-amber") || 5), red = Number(timer.getAttribute("data-red") || 15);
    timer.textContent = seconds + "s";
    timer.className = "timer " + (seconds < amber ? "timer-green" : seconds < red ? "timer-amber" : "timer-red");
  }
  function startTimer() {
    if (!timer) return;
    if (ticking) clearInterval(ticking);
    timer.hidden = false;
    tick();
    ticking = setInterval(tick, 1000);
  }
  function stopTimer() { if (ticking) { clearInterval(ticking); ticking = null; } }
  if (timer && !timer.hidden) startTimer();

  function reveal() {
    var answer = document.getElementById("answer");
    if (!answer || !answer.hidden) return false;
    answer.hidden = false;
    var hint = document.getElementById("hint");
    if (hint) hint.hidden = true;
    document.getElementById("reveal-bar").hidden = true;
    stopTimer();
    var bar = document.getElementById("rate-bar");
    bar.hidden = false;
    // The usual answer (Good; quality 4) has the focus, so Enter gives it; never the worst.
    var first = bar.querySelector("button.usual") || bar.querySelector("button");
    if (first) first.focus();
    return true;
  }

  function showHint() {
    var hint = document.getElementById("hint");
    if (!hint || !hint.hidden) return false;
    hint.hidden = false;
    return true;
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    var name = keyName(event);
    if ((name === "Space" || name === "Enter") && document.getElementById("answer")) {
      if (reveal()) { event.preventDefault(); return; }
      if (name === "Enter") return;  // Enter on a focused rating button submits it
    }
    if (name === "h" && showHint()) { event.preventDefault(); return; }
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
    if (link && reveal()) { event.preventDefault(); return; }
    var hintLink = event.target.closest && event.target.closest("a.show-hint");
    if (hintLink && showHint()) event.preventDefault();
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

  // The queue: writes kept in IndexedDB while the network is gone, each with its id.
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
  function csrf() {
    var meta = document.querySelector('meta[name="csrf"]');
    return meta && meta.content;
  }

  // Sends what waits, oldest first, each once: one tab at a time (a Web Lock, or where there is
  // none, without TLS, a claim written in IndexedDB that other tabs respect for 30 s). A copy
  // the server already wrote (a reply lost) it writes no second time: the id says it is the same.
  var TAB = newID();
  function claimed(work) {
    if (navigator.locks && navigator.locks.request) {
      return navigator.locks.request("vault-serve-queue", { ifAvailable: true }, function (lock) { return lock ? work() : null; });
    }
    var key = "vault-serve-queue-claim";
    var now = Date.now(), held = JSON.parse(localStorage.getItem(key) || "null");
    if (held && held.tab !== TAB && now - held.at < 30000) return Promise.resolve();
    localStorage.setItem(key, JSON.stringify({ tab: TAB, at: now }));
    return Promise.resolve(work()).then(function () {
      var mine = JSON.parse(localStorage.getItem(key) || "null");
      if (mine && mine.tab === TAB) localStorage.removeItem(key);
    });
  }
  var flushing = false;
  function flush() {
    if (!window.indexedDB || flushing) return Promise.resolve();
    flushing = true;
    return claimed(function () {
      return withStore("readonly", function (store) { return store.getAllKeys(); }).then(function (keys) {
        var chain = Promise.resolve(true);
        keys.forEach(function (key) {
          chain = chain.then(function (goOn) {
            if (!goOn) return false;
            return withStore("readonly", function (store) { return store.get(key); }).then(function (fields) {
              if (!fields) return true;  // sent by another tab meanwhile
              var action = fields.__action || "/study/rate";
              var body = {};
              Object.keys(fields).forEach(function (name) { if (name.indexOf("__") !== 0) body[name] = fields[name]; });
              // The page's CSRF token now: a server started again since has a new one.
              if (csrf()) body.csrf = csrf();
              return fetch(action, { method: "POST", credentials: "same-origin", body: new URLSearchParams(body), redirect: "manual" })
                .then(function (response) {
                  // Written (a redirect), or refused for good (gone, wrong, a conflict kept as a copy): done with.
                  var done = response.type === "opaqueredirect" || response.ok || [400, 404, 409].indexOf(response.status) >= 0;
                  if (!done) return false;
                  return withStore("readwrite", function (store) { return store.delete(key); }).then(function () { return true; });
                }, function () { return false; });
            });
          });
        });
        return chain;
      });
    }).then(function () { flushing = false; showWaiting(); }, function () { flushing = false; showWaiting(); });
  }

  // Every POST form gets its id when it is sent; a queued form (an answer, a decision, a note)
  // is sent by the script, and kept for later when the network is gone.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if ((form.method || "").toLowerCase() !== "post") return;
    var given = form.querySelector('input[name="given"]');
    if (given && !given.value) given.value = newID();
    var response = form.querySelector('input[name="response_ms"]');
    if (response) response.value = String(Date.now() - shownAt);
    if (!form.hasAttribute("data-queue") || !window.fetch) return;
    event.preventDefault();
    var fields = {};
    new FormData(form, event.submitter || undefined).forEach(function (value, name) { fields[name] = String(value); });
    var givenAt = String(Date.now());
    var action = new URL(form.action).pathname;
    var kind = form.getAttribute("data-queue");
    fetch(action, { method: "POST", credentials: "same-origin", body: new URLSearchParams(fields) })
      .then(function (reply) {
        if (reply.redirected) { window.location.assign(reply.url); return; }
        // A page in answer (the form again with why, a conflict kept as a copy): shown as it came.
        return reply.text().then(function (html) { document.open(); document.write(html); document.close(); });
      })
      .catch(function () {
        // Kept for later with the moment it was given (online, the server's clock times it).
        if (kind === "capture") { fields.written_at = givenAt; } else { fields.answered_at = givenAt; }
        fields.__action = action;
        keep(fields).then(function () { kept(form, kind); });
      });
  });

  function kept(form, kind) {
    if (form.closest("#rate-bar")) { nextOffline(); return; }
    var note = document.createElement("p");
    note.className = "notice";
    note.setAttribute("role", "status");
    note.textContent = kind === "capture" ? "No network: the note is kept on this device and saved when the network returns."
      : "No network: kept on this device and sent when the network returns.";
    form.parentNode.insertBefore(note, form);
    if (kind === "capture") {
      form.reset();
      var id = form.querySelector('input[name="given"]');
      if (id) id.value = "";
    }
  }

  // Offline: the next card of the queue kept in the page, shown after an answer is kept.
  function nextOffline() {
    showWaiting();
    var data = document.getElementById("next-cards");
    var kept = data ? JSON.parse(data.textContent || "{}") : {};
    var cards = kept.cards || [];
    var card = document.getElementById("card");
    if (!card) return;
    var current = card.getAttribute("data-card");
    var index = -1;
    for (var i = 0; i < cards.length; i++) { if (cards[i].id === current) index = i; }
    var next = cards[index + 1];
    var counter = document.getElementById("counter");
    if (!next) {
      card.querySelector(".question").textContent = "No more cards kept for offline; your answers are sent when the network returns.";
      document.getElementById("answer").hidden = true;
      document.getElementById("rate-bar").hidden = true;
      return;
    }
    card.setAttribute("data-card", next.id);
    if (counter) {
      var position = Number(counter.getAttribute("data-position")) + 1;
      counter.setAttribute("data-position", String(position));
      counter.textContent = "Card " + position + " of " + counter.getAttribute("data-total");
    }
    var place = document.getElementById("place");
    if (place) place.textContent = next.place + " (kept for offline)";
    card.querySelector(".question").textContent = next.question;
    card.querySelectorAll("figure, .sound").forEach(function (el) { el.remove(); });
    var answer = document.getElementById("answer");
    answer.textContent = next.answer;
    answer.hidden = true;
    var hint = document.getElementById("hint");
    if (hint) { hint.textContent = next.hint ? "Hint: " + next.hint : ""; hint.hidden = true; }
    document.getElementById("reveal-bar").hidden = false;
    document.getElementById("rate-bar").hidden = true;
    // The ratings of the next card's scheduler: the same forms, their answers and words set anew.
    var forms = document.querySelectorAll("#rate-bar form[data-queue]");
    for (var j = 0; j < forms.length; j++) {
      var rating = (next.ratings || [])[j];
      forms[j].hidden = !rating;
      if (!rating) continue;
      forms[j].querySelector('input[name="card"]').value = next.id;
      forms[j].querySelector('input[name="answer"]').value = rating.answer;
      forms[j].querySelector('input[name="given"]').value = "";
      var button = forms[j].querySelector("button");
      button.className = "button rate tone-" + rating.tone + (rating.usual ? " usual" : "");
      button.setAttribute("data-key", rating.key);
      button.textContent = rating.label + " ";
      var kbd = document.createElement("kbd");
      kbd.textContent = rating.key;
      button.appendChild(kbd);
    }
    shownAt = Date.now();
    startTimer();
  }

  // Sessions running: their clocks go on in the page.
  var clocks = document.querySelectorAll(".live-timer[data-start]");
  if (clocks.length) {
    var loaded = Date.now();
    var runClocks = function () {
      clocks.forEach(function (el) {
        var ms = Number(el.getAttribute("data-now")) - Number(el.getAttribute("data-start")) + (Date.now() - loaded);
        var s = Math.max(0, Math.floor(ms / 1000)), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
        el.textContent = (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + ((s % 60) < 10 ? "0" : "") + (s % 60);
      });
    };
    runClocks();
    setInterval(runClocks, 1000);
  }

  // The calendar feed as a subscription (webcal://) on this host.
  var feed = document.querySelector("a[data-webcal]");
  if (feed) feed.href = "webcal://" + location.host + feed.getAttribute("href");

  // Reminders while the app is open: asked every minute; a new one is shown through the
  // browser's notifications, with Study now and Snooze (the service worker answers them).
  var notifyOn = document.getElementById("notify-on"), notifyState = document.getElementById("notify-state");
  function notificationsUsable() { return "Notification" in window && "serviceWorker" in navigator && window.isSecureContext; }
  if (notifyOn) {
    if (!notificationsUsable()) {
      if (notifyState) notifyState.textContent = "Notifications need a secure address (https, or this machine).";
    } else if (Notification.permission === "granted") {
      if (notifyState) notifyState.textContent = "Notifications are on: reminders show while the app is open.";
    } else {
      notifyOn.hidden = false;
      notifyOn.addEventListener("click", function () {
        Notification.requestPermission().then(function (answer) {
          notifyOn.hidden = answer === "granted";
          if (notifyState) notifyState.textContent = answer === "granted" ? "Notifications are on." : "Notifications are off.";
          checkReminders();
        });
      });
    }
  }
  function checkReminders() {
    if (!csrf() || !navigator.onLine) return;
    fetch("/reminders/check", { method: "POST", credentials: "same-origin", body: new URLSearchParams({ csrf: csrf() }) })
      .then(function (r) { return r.ok ? r.json() : { reminders: [] }; })
      .then(function (data) {
        var seen = JSON.parse(localStorage.getItem("vault-serve-reminders-seen") || "[]");
        (data.reminders || []).forEach(function (reminder) {
          if (seen.indexOf(reminder.id) >= 0) return;
          seen.push(reminder.id);
          if (!notificationsUsable() || Notification.permission !== "granted") return;
          navigator.serviceWorker.ready.then(function (registration) {
            registration.showNotification("vault", {
              body: reminder.title, tag: "vault-" + reminder.id, icon: "/assets/icon-192.png",
              actions: [{ action: "study", title: "Study now" }, { action: "snooze", title: "Snooze 1 h" }],
              data: { id: reminder.id, batch: reminder.batch, csrf: csrf() }
            });
          });
        });
        localStorage.setItem("vault-serve-reminders-seen", JSON.stringify(seen.slice(-50)));
      }, function () {});
  }
  if (document.querySelector('meta[name="csrf"]') && csrf()) {
    checkReminders();
    setInterval(checkReminders, 60000);
  }

  window.addEventListener("online", flush);
  if (navigator.onLine) flush(); else showWaiting();
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(function () {});
})();
"""#)

    /// `sw.js`.
    static let serviceWorker = Asset(path: "/sw.js", contentType: "text/javascript; charset=utf-8", file: "sw.js", text: #"""
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
"""#)

    /// `manifest.webmanifest`.
    static let manifest = Asset(path: "/manifest.webmanifest", contentType: "application/manifest+json", file: "manifest.webmanifest", text: #"""
{
  "name": "vault",
  "short_name": "vault",
  "description": "Your notes, their reviews and your flashcards",
  "start_url": "/",
  "scope": "/",
  "display": "standalone",
  "background_color": "#131316",
  "theme_color": "#0b57d0",
  "icons": [
    { "src": "/assets/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any" },
    { "src": "/assets/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any" },
    { "src": "/assets/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any" }
  ]
}
"""#)

    /// `icon.svg`.
    static let icon = Asset(path: "/assets/icon.svg", contentType: "image/svg+xml", file: "icon.svg", text: #"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0b57d0"/><path d="M16 18h8l8 24 8-24h8L36 48h-8z" fill="#fff"/></svg>
"""#)

    /// `icon-192.png`.
    static let icon192 = Asset(path: "/assets/icon-192.png", contentType: "image/png", file: "icon-192.png", base64: """
iVBORw0KGgoAAAANSUhEUgAAAMAAAADACAYAAABS3GwHAAAHDElEQVR42u3cP4skVRSG8cpNJjbq2GhSs/4InZkOBkYGHW3c36AT
MTYwn8x0/AarCAtGswgmCzIGIgjCWAW10Cy9Y/+5p+rWPb+CJ9hd2N05fd+q97l9u7tu4uuTL35a92x79j0PI89IyfvXfz+uiXXX
2tX/UKvxh7v3guNE7sc1s1rywr9zd0ehp8TdUhb9Tc+u58kLh8I8jWvrptbFb+FjsiDUtPAHqX30wmBiHmeV5rHu7L0QmJn95LWo
/wdve14bPiphWIu3Uy3+ja6PSt1gM8XWpmGjZu4sfgiBxQ8hKNf5DRRLZFNit4fwYslifHvNPr+tTrSwRXpzSQC8yYVm3iy75HiD
waEl1ucEwNkeNHd26JxTnQaGFtmdIr52fdDyrtCNuz88BT4SAHd/NP8UcNwBjkkcCYAPsCPNB+2PfXWJwSATq8MAbA0EydgeBsCX
ViEb94cBMBCkw7kfOB+k/yO1Bzj2jNTHpO3/I/X7AQKA7AEwCOTdCTIECAAgAIAAAAIACAAgAIAAAAIACAAgAIAAAAIACAAgAIAA
AAIACAAgAIAAAAIQyc9v/36OvD77+s1iZ/P5q19DZzPMXgBm5qtvfwt9kV999/tiZ/PND+9CZzPMXgBm5tMvf3n+869/3eWO8Pbd
P2FzGWY+zF4AKuD7H/9QgyauP8PMOUCSF3uJNSi6/gwzF4AkMrzEGhRZf1qQ3+YCEC3DS6pB0U/EFuS3uQBEy/CSalBk/WlFfpt8
IyxShpf02I+sP63Ib5MBiH70L6EGRc+gFflt9ihEpAwvoQZF1p+W5LfZAETK8BIWQGT9aUl+mw1AtAzXXIMi609r8tv0adBIGa65
BkXWn9bkt+kARN4Ja65BkfWnNflt/vMAkTJcYw3KGnoBmEGGa6xBkfWnRfltPgCRMlzjHTGq/rQqvyk+EhkpwzXVoMj606r8pghA
5MKoqQZF1p9W5TfNh+KjZLimGhRVf1qW3zQBiJThGmpQ5FOuZflNE4BIGa6hBkXVn9blN9X3AkXJcA0VIar+tC6/qQIQWRPmrEGR
P1fr8pvum+GiZHjOGhRVfzLIb7oARMnwnIslqv5kkN90AYiU4TlqUFT9ySK/6QIQKcNz1KCo+pNFflMGIOquOUcNiqo/WeQ3ZQAi
ZXjKGtRSkAWgERmesgZF1Z9M8ps2AFEyPOXdM6L+ZJPftAGIlOEpalBU/ckmv6kDELWIpqhBUfUnm/ymDkCUDE9RgyLqT0b5TR+A
KBmOrEFRT66M8ps+AFEyHFmDIupPVvlNH4AoGY6sExH1J6v8CkBgpYioQVH/16zyKwCBMhxRgyLqT2b5FYBAGY5YWBH1J7P8CkCw
DJesQRH1J7v8CkCwDJesQRH1J7v8CkDwHbZkDYqoP9nlVwAmkOESNaj2cAoAGQ6tQRH1h/wKwCQyXOJOW7r+kF8BmFSGr6lBEfWH
/ArApAvumhoUUX/IrwBMKsPX1KDS9Yf8CsAsMnxJDYp4GpFfAZhFhi+pQaXrD/kVgNlk+JLqUbr+kF8BmLV+nFODIv598isAs8rw
OTWodP0hvwIwuwyfswhL1x/yKwBVyPApNah0/SG/AlCNDJ9Sg0rXH/IrANXI8Ck1qHT9Ib8CUJUMv1SD5gicABjCpDL8Ug0qXX/I
rwBUJ8Mv3ZVL1h/yKwDVyvCxGlS6/pBfAahWho/VoNL1h/wKQLUyfKwGlaw/5FcAqpfhwxpU+glDfgWgehk+rEEl6w/5FYBFyPBh
TSlZf8ivACxGhocaVPrvJL8CsBgZHmpQyfpDfgVgUTI8LNiS9Yf8CsAij0mTXwFI/wVa5FcAUn9mmPwKQOpj0uRXANJ/gRb5FQAy
TH4FgAyTXwEgw+RXAMgw+RUAMkx+BYAMk18BIMPkVwDIMPkVgNQyTH4FILUMk18BSCvD5FcAUssw+RWA1DJMfgUAEABAAAABAAQA
EABAAAABAAQAEABAAAABAAQAEABAAIAxAA8GgaQ8CADSB2BvEEjKfgjA1iCQlO0QgLVBICnrbrgMAil3gN5f/S/uDQTJuD8MAA9A
vv5/EICVgSAZq+7w8n4AUu3/f3j1v3lnMEjCXXfs6v/gyXDQOE/dx67+D3cGhMbZvRSAG08BtHz3H9Z499LlKYCUd/8PQvBoWGiM
x+7Uy/kgNHvu54wQOCaNdo49n3uNQvza8LBwXv+v+L4Qglu7Qlj4rs9td83V/wUbg8RC2XQlLsck0MxxByGAxS8EsPivcgJijBqF
d9NNcY27Q7ZIUdNW52035TW+T+DNMsz+JtfF+/yFgrB2dghznO05+3hDcBB23AATdf1dV+M11iJBQNjCn7XuXLBl6oP2uPoD7OFb
m8FBGL5yZfjeIV++hVO5H9fMqmvtGqV5O9r7g6dE+rv7w7gWtnNI7X/8hUox/0AMdwAAAABJRU5ErkJggg==
""")

    /// `icon-512.png`.
    static let icon512 = Asset(path: "/assets/icon-512.png", contentType: "image/png", file: "icon-512.png", base64: """
iVBORw0KGgoAAAANSUhEUgAAAgAAAAIACAYAAAD0eNT6AAASo0lEQVR42u3dMY8qdd8G4Om3obaitqK14yPQ2RILKwuqU/MNaIwt
FvZ0tvgN0JiYWO2Jic1JzFoYExOTI2NAceVwBhjYmf99TXIV7/OaPD6zLP+b3+8etqpcrV0PH3873pnvLLfWB94CcNLhe+by4P30
7/dXJ42rCwf9dGuxe5E++aUFuJun3XvvYvdeLBi4bnLYD7YmB4e9Xz6A7k4PFrv37IETzHXJob8/8Dd+oQB6a7MPBE4216lP+fUY
aWWcD1Ds2mC1e683HXDw/3Po++UAyPJ3GHASZh36o12z1Cd9AJ52Z8LICVn2p307fQBOdQZMBQra7c992gfgzKnAXFegnwf/0Jgf
gJbWA0Mna38Ofi9cANokCBj1A2A14OrC4T9z8ANw5yAwcwK/3MFffx//oxciAC+kPoPGTuT7jvvt+QHoUj/AWuAOz/Ib9wPQxbWA
7xC40af+tRcYAB23Ng1o7/Cf+NQPQM+mAf4CoV0/ALoBrqaHf/0He3xvPwB9V59l/tCQoh8ACoKuY4f/wgsFgEItnPTH9/0rLw4A
CrfSC/jv4W/fD0BSL2CQfviP7PsBCO0FjBz+ACAEOPwBQAjwmB8AeEywgMPfDxsA/m9q7A8A1gEOfwAQAhz+ACAE9OBLfhz+AHB+
CBj0+fD3DX8AcJl+fmPgg+/2B4BrrfxVPwDItOjL4e9ZfwBI+o4AjX8ACHsyQOkPAAJLgdt/qaUfDgDc1LJrh//EDwUA7mLiy34A
ILMPMOhCAFj7YQDAXa098gcAHg00+gcAqwCtfwDwVECLh//YTQeAThjfMwA8uuEA0AmP9zr8Z242AHTKTPEPABQCWw8AczcZADpp
fqvDf+jTPwB0egow9NgfAHgssJVP/24sAHTf0Kd/ADAF0PwHAE8EaP4DgCcCTgQAn/4BoGdTAH/uFwAyTa8JABs3EAB6aXPp4T9y
8wCg10Ye/QMAjwQq/wGAMqDyHwAoA27/4ZUbBgBFWJ3zzX9uGACUY2D8DwDWAMb/AGANoP0PAHlPA2z/gYmbBABFmpwKAAs3CACK
tPDd/wCQZ+PxPwDwOKD9PwDE9gDs/wEgsAew/Q/XbgwAFG19LAC4MQBQuOeH/9hNAYAIY9//DwB5pgqAAJBcBFQABIDAIuCDPwAE
ACmePAEAAKlPAngCAAACnwQQAAAgMwDM3QgAiDIXAAAgNAAs3QgAiLL0HQAAkPhdAAIAAAgAAEBIAHAjACCMAAAAAgAAIAAAAAIA
ACAAAAACAAAgAAAAAgAAIAAAAAIAACAAAAACAAAgAAAAAgAAIAAAAAIAACAAAAACAAAIAACAAAAACAAAgAAAAAgAAIAAAAAIAACA
AAAACAAAgAAAAAgAAIAAAAAIAACAAAAACAAAgAAAAAgAACAAAAACAAAgAAAAAgAAIAAAAAIAACAAAAACAAAgAAAAAgAAIAAAAAIA
ACAAAAACAAAgAAAAAgAAIAAAgABArO9e//42+frwsx+8DkJ99OrH6Nd+/bvvdSAAuBHBPv3ip+g3wVdf/ux1EOrzr99Ev/br332v
AwHAjQj2wSffv/31tz99CiLO6zd/xL7u69/5+nff60AAcCPCffXNL9YAXgfG/0FX/TvvdYAAQPyboTWA8X/aVf/Oex0gABBfBrQG
MP73ekcAQBnQGgATL+U/BACUAa0BMP5X/kMAQBnQWBTjf+U/BACMRq0B8BpX/kMAQBnQGgDjf1MuBACUAb1BYvyv/IcAgDKgNQDG
/8p/CAAoA1oDYPyv/IcAgE9K1gAY/yv/IQCgDGgNgFAr1CIAoAxoDYDxv/IfAgDKgD4xYfyv/IcAgDKgNQDG/8p/CAB447QGwPhf
+Q8BAGVAawDjf69hEABQBrQGMMVS/gMBAGVAawDjf+U/BABQBjRCNf5X/kMAAGNUawCvW+U/BACUAa0BMP43uUIAQBnQmynG/8p/
CAAoA1oDYPyv/IcAgDKgNQDG/8p/CAD4VGUNgPG/8h8CAMqA1gAIqoIqAgDKgNYAGP8r/yEAoAzo0xXG/8p/CAAoA1oDYPyv/IcA
gDdZawCM/5X/EABQBrQGIHv873WJAIAyoDWAyZTyHwgAKANaAxj/K/+BAIAyoHGr8b/yHwgAGLlaA3gtKv8hALgRKANaAxj/m0Yh
AIAyoDde43/lPwQAUAa0BjD+V/5DAABlQGsA43/lPwQAiPwEZg1g/K/8hwAAoWVAawDhU/hEAEAZMLAMaA1g/K/8hwCAMmBgGdAn
MeN/5T8EAAgtA1oDGP8r/yEA4A058A3ZGsD4X/kPAQACy4DWAMb/XmsIABBaBrQGMG1S/kMAQBkwsAxoDWD8r/yHAACBZUCjWeN/
5T8EAAgdz1oDeH0p/yEAQGAZ0BrA+N+ECQEAAsuA3qSN/5X/EAAgtAxoDWD8r/yHAACBZUBrAON/5T8EAAj8tGYNYPyv/IcAAKFl
QGsAgVKgRACAwDKgNYDxv/IfAgAElgF9ajP+V/5DAIDQMqA1gPG/8h8CAAS+eVsDGP8r/yEAQGAZ0BrA+N/rBwEAQsuA1gAmSMp/
CAAQWAa0BjD+V/5DAIDAMqAxrvG/8h8CAISOcq0BvGaU/xAAILAMaA1g/G9qhAAAgWVAb+jG/8p/CAAQWga0BjD+V/5DAIDAMqA1
gPG/8h8CAAR+srMGMP5X/kMAgNAyoDWAkCgkIgBAYBnQGsD4X/kPAQACy4A+4Rn/K/8hAEBoGdAawPhf+Q8BAALf6K0BjP+V/xAA
ILAMaA1g/O81gQAAoWVAawBTIeU/BAAILANaAxj/K/8hAEBgGdDI1/hf+Q8BAELHvtYAXgfKfwgAEFgGtAYw/jcJQgCAwDKgN3/j
f+U/BAAILQNaA+SO/5X/EAAguAxoDZA7/lf+QwCA4E+B1gC543/lPwQACC8DWgMIfiAAQGAZ0Bogb/yv/IcAAMqAPg2Gjf+V/xAA
QBnQGiBw/K/8hwAADgVrgMDxv/IfAgAoA1oDhI3//ZwRAEAZ0BogcNKj/IcAAMqA1gBh43/lPwQAUAY0Hg4c/yv/IQCAEbE1QODP
VvkPAQCUAa0Bwsb/yn8IAKAM6KAIHP8r/yEAgDKgNUDY+F/5DwEAlAGtAQLH/8p/CADgE6M1QOD4X/kPAQCUAa0BhDkQAEAZMHsN
kDD+V/5DAABlQJ8cw8b/yn8IAKAMaA0QOP5X/kMAAAeINUDg+F/5DwEAlAGtAcLG/8p/CACgDGgNEDi9Uf5DAABlQGuAsPG/8h8C
ACgDGiUHjv+V/xAAwDjZGiDw56X8hwAAyoDWAGHjf+U/BABQBnSoBI7/lf8QAEAZ0BogbPyv/IcAAMqA1gCB43/lPwQA8OnSGiBw
/K/8hwAAyoDWAAIaCACgDGgNUPr4X/kPAQCUAX3KDBv/K/8hAIAyoDVA4Phf+Q8BABw21gCB43/lPwQAUAa0Bggb/yv/IQCAMqA1
QOBERvkPAQCUAa0Bwsb/yn8IAKAMaOwcOP5X/kMAAKNna4DAn4HyHwIAKANaA4SN/5X/EABAGdABFDj+V/5DAABlQGuAsPG/8h8C
ACgDWgMEjv+V/xAAQBnQGiBw/K/8hwAAyoDWAEIXCACgDGgNUPr4X/kPAQCUAX0iDRv/K/8hAIAyoDVA4Phf+Q8BAJQBrQECx//K
fwgAoAxoDRA2/lf+QwAAZUBrgMApi/IfAgAoA1oDhI3/lf8QAEAZ0Ig6cPyv/IcAAMqA1gCB91X5DwEAlAGtAcLG/8p/CACgDOiw
Chz/K/8hAIAyoDVA2Phf+Q8BAJQBrQECx//KfwgAoAxoDRA4/lf+QwAAZUBrAEEKBABQBrQGKH38r/yHAADKgD69ho3/lf8QAEAZ
0BogcPyv/IcAAMqA1gCB43/lPwQAUAa0Bggb/yv/IQCAMqA1QODkRPkPAQCUAa0Bwsb/yn8IAKAMaJwdOP5X/kMAAGVAa4DAe6X8
hwAAyoDWAGHjf+U/BAA3AWVAB1vg+F/5DwHATUAZ0BogbPyv/AcCABRZBmxzDVDi+F/5DwQAKPITbptrgBLH/8p/IABAsWXANtYA
whEIAKAMGLgGKHH8r/wHAgAUXQZs45NuaeN/5T8QACCiDHjNGqDE8b/yHwgAEHHgXbMGKHH8r/wHAgBElAGvWQOUNv5X/gMBAKLK
gJesAUqchij/gQAAUWXAS9YApY3/lf9AAIC4MuAlo+/Sxv/KfyAAQOT4+5w1QIn/+5X/QACAyDLgOWuA0sb/yn8gAEBsGfCcQ7C0
8b/yHwgAEF0GbLIGKG38r/wHAgDElwGbrAFKG/8r/4EAAPFlwCZrgNLG/8p/IACAMuB71gCJgQcEACCiDHhqDVDa+F/5DwQAUAZs
8Km4pPG/8h8IAKAM2GANUNr4X/kPBABQBmywBiht/K/8BwIAKAM2WAOUNP5X/gMBAJQBG6wBSptwKP+BAADKgA3WACWN/5X/QAAA
ZcCGY/KSxv/KfyAAgDJggzVAaf+blP9AAABlwAZrgJLG/8p/IACAMmDDA7Ok8b/yHwgAoAwYdin/gQAAyoCBl/IfCACgDBh4Kf+B
AADKgGGX8h8IAKAMGHgp/4EAAMqAyn+AAADKgMp/gAAAyoDKf4AAAMqAyn8gAADKgMp/IAAAyoDKfyAAAMqAyn8gAADKgMp/IAAA
yoDKfyAAgDKgS/kPBABQBnQp/4EAAMqALuU/EABAGdCl/AcCACgDupT/QAAAZUCX8h8IAKAMqPznNQYCACgDKv8BAgAoAyr/AQIA
KAMq/wECACgDKv8BAgAoAyr/gQDgJoAyoPIfCACAMqDyHwgAgDKg8h8IAIAyoPIfCACAMqDyHwgAgDKg8h8IAIAyoPIfCACgDOhS
/gMBAJQBXcp/IACAMqDyn/IfCACgDKj8BwgAoAyo/AcIAKAMqPwHCACgDKj8BwgAoAyo/AcIAKAMqPwHCACgDKj8BwgAoAyo/AcC
AKAMqPwHAgCgDKj8BwIAoAyo/AcCAKAMqPwHAgAAIAAAAAIAACAAAAACAAAgAAAAAgAAIAAAAAIAACAAAAACAAAgAAAAAgAACAAA
gAAAAAgAAIAAAAAIAACAAAAACAAAgAAAAAgAAIAAAAAIAACAAAAACAAAgAAAAAgAAIAAAAAIAAAgAAAAAgAAIAAAAAIAACAAAAAC
AAAgAAAAXQwAazcCAKKsBQAAEAAAgJQAsHQjACDKsg4AczcCAKLMBQAACA0AYzcCAKKMBQAASAwA9eVGAECOan9t/48nNwQAIjwd
BgDfBQAAKd8BcBAAFm4IAERYHAaAqRsCABGmhwHAkwAAkPQEwEEIcFMAIOUJAEVAAAgsACoCAkBgAfAgAEzcGAAo2uRYABi4MQBQ
tEF17Nr+PzZuDgAUaVO969IDAICg/b8eAAAE7v+fhQB/GAgAyvJUve/a/kMrNwoAirJqEgD8XQAAKMu0SQDwOCAAJDz+Zw0AAMHj
f2sAAAgc/3saAADC2v9HAsDSjQOAXlteEgBGbhwA9NqouuR68LcBAKCvNtWllzIgAISU/5QBASCw/HckAMzdSADolXkbAWBgCgAA
/fn0/9D0m/88EggAwY/+nQgAQzcUAHphWLV5mQIAQNCn/2dTAF0AAOju7n9Y3eLyRAAAFNz890QAAIQ2/0+EgJkbDQCdMqvucW3/
ix7dbADohMfqXtf2v2zshgNAJ4yre14eCwSAAh/7UwgEgPDinz8XDACdM61e8tr+C6z9EADgrtbVS19WAQAQMvo/EgImfiAAcBeT
qkuXpwIAoMDWf8NVwMYPBwBuYtOZ0f+REDDSBwCAm+z9R1WXL48GAkBhj/ydEQIWflgA0IpF1adr+y+88kMDgKusqr5dSoEAUGjp
z5cEAcDNSn/9PPw9GQAAhTb+hQAAcPgLAQDg8PcdAQBQ3LP+V4YAkwAA+PeTf9mHv3UAAISM/YUAAHD4CwEAkHz4+8ZAAEL19xv+
bhQC/O0AAEq3cvj7K4IAZFk46T0mCIDH/FzvKAfqBQBQwr5/5GQ/vxew9OIBoKeW9v3XBYGJlQAAPRv5T5zg7U0D1l5UAHTc2qd+
BUEAFP1cugEA2PW72ggC461HLzwAXkh9Bo2dyC8XBGbWAgDcedw/cwJ3Zy0wFwQAuPHBPzfu72YQGOoHAHCjPf/QSdufIGAiAMA1
n/gd/FYDABj1u/r6HQL+vgAA77LxLH/ZQWBkPQDAszG/P9gTOBVY+QUAiLPyad+17wrsw4DJAECZn/RXu/d6u33XOwNB/RcIFzoD
AL3f6dfv5f4yn+vi6cA+EKz9QgF01np/4PuU77pVKBjvxkj7UGBtAHDfcf7+sK/fi8dOJlcXgsF49/zofNcsXR/wiwvw/k/xe8uD
99Oxg77d6y+P1AUgcp78ngAAAABJRU5ErkJggg==
""")

    /// `apple-touch-icon.png`.
    static let appleTouchIcon = Asset(path: "/apple-touch-icon.png", contentType: "image/png", file: "apple-touch-icon.png", base64: """
iVBORw0KGgoAAAANSUhEUgAAALQAAAC0CAYAAAA9zQYyAAAE30lEQVR42u3cMW4TYRRF4fTsgCWwEnZAT01NT8E+KOjYBEsAIVFR
pEFCSLRIVEHTpYiiOHl3Zv73Pkunxhkfz3+PsH317NWXG6ALVy4CCA0QGiA0QGgQGiA0QGiA0AChQWiA0AChAUIDhAahAUIDhAYI
DRAahAYIDRAaIDRAaBAaIDRAaIDQAKFBaIDQAKEBQgOEBqEBQgOEBggNQrsQIDRAaIDQAKFBaIDQAKEBQgOEBqEX4P2nXxFevvux
3LXYnnPqehB6Jz5+/nOTeHy9/rvctdiec+KxXWNC73hXSj1evPm+zHXYnmvqseJptfSGvv79L/JCvv3wc5lrsD3XxGO7tjZ0kxdz
pdmRmhsrvanbCP389bfRsyM5N7ZrS+hGcbjCHSp1Qq0agy2ETsXhCrMjNTdWjcE2/7GSisMzz47U3Fg5BtsInTp6zzw7Jv7NY4RO
xeGZZ0dqbqwcg60+y5GKwzPOjtTcWD0GWwmdisMzHsGpubF6DLb7tF0iDs84OxJzo0MMthM6dec60+xIzY0OMdhO6FQcnunFTr1p
O8Rgyw/4J+LwTLMjMTe6xGBLoVNxeIbZkZobXWKw7VewEnF4htmRmBudYrCt0IkX/gyzIzE3OsVgW6FTcXjk7EjNjU4x2Ppb34k4
PPJuljh1usVga6ETcXjk7EjMjW4x2P53ORJxeMTsSMyNjjHYXujEMX3E7OjydxD6hHF4xOxIzI2OMTjip8AScbjn7EjMja4xOELo
RBzueVwn5kbXGBzzY43Vcbjn7KieG51jcIzQibvcHrMjMTc6x+AYoRNxuIcYiTdi5xgcI3QiDveYHdVzo3sMjhI6EYfJ2ZGYG91j
cJTQiThMzo7quTEhBscJXS1JcnZUz40JMThO6EQcJmZHYm5MiMFxQifiMHHnqz5JpsTgSKGr4zAxO6rnxpQYHCl0Ig4rZ0f13JgU
g2OFrj7SK2fHmZ8boYfEYeXsqJ4bk2JwrNCJOKyYHdVzY1oMjha6Og4rjvbquTEtBkcLXR2HFbOjcm5MjMHxQlffEZ8yO6rnxsQY
HC90dRw+RaLqN9fEGBwvdHUcPmV2VM6NqTFI6EAcPmZ2VM+NqTFI6EAcPmZ2VM6NyTFI6IBQj5kdlXNjcgwSOhSHl8yO6rkxOQYJ
HYrDS+6SlafD9BgkdCgOL5kdlXNjegwSOhiHD5kdlXNDDBI6evw/ZHbs/e8RWhxGZ0fl3BCDhI7H4X2zo3JuiEFC7xKH982Ayrkh
Bgm9SxzeNzuq5oYYJPSusXbX7KicG2KQ0LvG4V3CVb5hxCChd43Du2ZH1dwQg4Q+JA5vz47KuSEGCX1IHN6eHVVzQwwS+rA4vD07
quaGGCT0oXG4TY3KuSEGCX1oHG531Ko7vhgk9OFxuE2NqrkhBgl9mo+VikFCt/tBGjFI6FbfORSDhG71sVIxSOh2P0gjBgk9Og7F
IKFbxaEYJHSrOBSDhG4Th2KQ0K3iUAwSuk0cikFCt4pDMUjoVnEoBgndJg7FIKFbxaEYJHSbOBSDhG4Vh2KQ0AChQWiA0AChAUKD
0C4CCA0QGiA0QGgQGiA0QGiA0AChQWiA0AChAUIDhAahAUIDhAYIDRAahAYIDRAaIDRAaBAaIDRAaIDQAKFBaIDQAKEBQgOEBqEB
QgOEBgiN0fwHQ00QFc/oJ6wAAAAASUVORK5CYII=
""")

    /// `favicon.ico`.
    static let favicon = Asset(path: "/favicon.ico", contentType: "image/x-icon", file: "favicon.ico", base64: """
AAABAAEAICAAAAEAIABfAQAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAAASZJREFUeNpjYEAC3OEXCoD4
PBD/pxEGmV3AgA6AggI0thibQwSQHUBPy+GOQA72/wOECwbK94hQGEDLwXjUAYPfARcffPuPDLRyruFUa1l2E0UtSC/FDkib9gjF
0LIFT3GqnbLtFYpakF6KHSCVdPn/hy9/iPLVg1c/4epAekB6qZIGlhx4SzAa0IMfpIdqiRDdcGzRgB78ID1UzQXIiRFbNCAHPzGJ
j2QHoCdG5GhADyFiEh/JDkBPjMjRgBz8xCY+sgoi5MSIHMzIwU9s4iPLAehBDYoGdDFiEx/ZRTFyYgRFA3Lwk5L4yHYAcmIEWYgc
/KQkPrIdgJ4YyU18FNWG6CUjOYmPIgegJzxyEt9og2RQOWDAm+UD2zEZ8K7ZoOicDmT3HACcukRi3oiJwQAAAABJRU5ErkJggg==
""")

    static let all = [style, script, serviceWorker, manifest, icon, icon192, icon512, appleTouchIcon, favicon]
}
