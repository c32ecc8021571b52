// The table page, live: poll the game's seq (ETag, 304 while nothing moved) and swap the #live
// region in place when it moves; send the page's forms with fetch and show the page the server
// redirects to. Without this script the same forms post and redirect; nothing here is needed.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch || !window.DOMParser) return;
  var announce = document.getElementById("announce");
  var stateUrl = live.dataset.stateUrl;
  var POLL_MS = 1500;
  var busy = false;
  var announceTimer = null;

  function seq() { return parseInt(live.dataset.seq, 10); }

  function say(lines) {
    if (!announce || !lines.length) return;
    announce.textContent = lines.join(" · ");
    clearTimeout(announceTimer);
    announceTimer = setTimeout(function () { announce.textContent = ""; }, 6000);
  }

  function typing() {
    var el = document.activeElement;
    return el && live.contains(el) && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && el.type !== "hidden";
  }

  // Replace #live with the same region of a freshly rendered page, keeping open <details> open.
  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("live");
    if (!fresh) return false;
    var open = Array.prototype.map.call(live.querySelectorAll("details[open]"), function (d) { return d.className; });
    live.innerHTML = fresh.innerHTML;
    live.dataset.seq = fresh.dataset.seq;
    open.forEach(function (name) {
      var d = live.querySelector("details." + name.split(" ").join("."));
      if (d) d.open = true;
    });
    tuckInvite();
    return true;
  }

  // The "Game started — invite the table" box leads the page only until the game moves: then it
  // folds into the "Invite players · share" disclosure after the page's content, as a reload shows it.
  function tuckInvite() {
    var box = document.querySelector(".invite.created");
    if (!box || seq() === 0) return;
    var folded = document.createElement("details");
    folded.className = "invite";
    var summary = document.createElement("summary");
    summary.textContent = "Invite players · share";
    folded.appendChild(summary);
    Array.prototype.slice.call(box.children).forEach(function (child) {
      if (child.tagName !== "H2") folded.appendChild(child);
    });
    box.parentNode.appendChild(folded);
    box.parentNode.removeChild(box);
    if (/[?&]created=1/.test(location.search)) history.replaceState(null, "", location.pathname + location.hash);
  }

  function refresh(changes) {
    if (typing()) { say(changes.concat(["(the table will update when you leave this field)"])); return Promise.resolve(); }
    return fetch(location.pathname, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (html) { if (swap(html)) say(changes); });
  }

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    var current = seq();
    fetch(stateUrl + "?since=" + current, {
      cache: "no-store", credentials: "same-origin", headers: { "If-None-Match": '"' + current + '"' }
    })
      .then(function (r) {
        if (r.status !== 200) return null;
        return r.json();
      })
      .then(function (body) {
        if (body && body.seq !== seq()) return refresh(body.changes || []);
      })
      .catch(function () { /* offline for a moment: try again at the next tick */ })
      .then(function () { busy = false; });
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!live.contains(form) || form.method.toLowerCase() !== "post") return;
    e.preventDefault();
    if (announce) announce.textContent = "";  // an older announcement would read as this answer
    var data = e.submitter ? new FormData(form, e.submitter) : new FormData(form);
    var action = (e.submitter && e.submitter.getAttribute("formaction")) || form.action;
    Array.prototype.forEach.call(form.querySelectorAll("button"), function (b) { b.disabled = true; });
    busy = true;
    fetch(action, { method: "POST", body: data, credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        swap(html);
        var result = document.getElementById("result");
        if (result && result.children.length) {
          result.focus({ preventScroll: true });
          result.scrollIntoView({ block: "nearest" });
        }
      })
      .catch(function () { form.submit(); })
      .then(function () { busy = false; });
  });

  setInterval(poll, POLL_MS);
  document.addEventListener("visibilitychange", poll);
})();
