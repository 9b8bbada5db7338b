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
