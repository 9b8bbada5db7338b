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
