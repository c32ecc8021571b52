// The table page, live: poll the game's seq (ETag, 304 while nothing moved) and swap the #live
// region in place when it moves; send the page's forms with fetch and show the page the server
// redirects to. Without this script the same forms post and redirect; nothing here is needed.
//
// Connection honesty: the bar says whether the phone is live, reconnecting or offline. A tap that
// cannot be sent is never lost and never leads to the browser's error page: it waits in the outbox
// (kept in sessionStorage, so a reload keeps it too) and is sent again, with the same client id, as
// soon as the server answers (the server enters an event once per client id, so a retry after a
// lost answer is safe). A refused or incomplete form keeps every value typed and points at the field
// (the server draws it again filled in and pointed at: referee/pages/refill.py; this keeps what the
// server cannot see, such as a form it did not find).
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch || !window.DOMParser) return;
  var announce = document.getElementById("announce");
  var outbox = document.getElementById("outbox");
  var stateUrl = live.dataset.stateUrl;
  var POLL_MS = 1500;
  var RETRY_MS = [1000, 2000, 4000, 8000, 15000];
  var STORE = "tableside-outbox:" + location.pathname;
  var WORDS = { online: "live", reconnecting: "reconnecting…", offline: "offline" };
  var busy = false;
  var announceTimer = null;
  var failures = 0;
  var conn = "online";
  var pending = null;  // {action, fields: [[name, value]…], what, form (its key), values, tries}
  var retryTimer = null;
  var sending = false;  // one post in flight at a time: a poll that sees the server back waits for it
  var swaps = 0;  // how many times #live was replaced: a refresh answered after a newer swap is dropped

  function seq() { return parseInt(live.dataset.seq, 10); }

  function say(lines) {
    if (!announce || !lines.length) return;
    announce.textContent = lines.join(" · ");
    clearTimeout(announceTimer);
    announceTimer = setTimeout(function () { announce.textContent = ""; }, 6000);
  }

  // -- the connection --------------------------------------------------------------------------

  function setConn(state) {
    conn = state;
    document.body.setAttribute("data-conn", state);
    var text = document.querySelector("#conn .conn-text");
    if (text) text.textContent = WORDS[state];
  }

  function reached() {
    failures = 0;
    if (conn !== "online") setConn("online");
  }

  function missed() {
    failures += 1;
    setConn(failures >= 3 || navigator.onLine === false ? "offline" : "reconnecting");
  }

  // -- swapping the live region ----------------------------------------------------------------

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
    swaps += 1;
    open.forEach(function (name) {
      var d = live.querySelector("details." + name.split(" ").join("."));
      if (d) d.open = true;
    });
    setConn(conn);
    tuckInvite();
    shareButtons();
    markBoard();
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
    var before = swaps;
    return fetch(location.pathname, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        // a tap's answer swapped in meanwhile (or is on its way): it is as new and says what was entered
        if (swaps !== before || pending) return;
        if (swap(html)) say(changes);
      });
  }

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    var current = seq();
    fetch(stateUrl + "?since=" + current, {
      cache: "no-store", credentials: "same-origin", headers: { "If-None-Match": '"' + current + '"' }
    })
      .then(function (r) {
        if (r.status >= 500) throw new Error("server");
        reached();
        if (pending) {  // the server answers again: send what waits; its answer is the newer page
          setTimeout(send, 0);
          return null;
        }
        if (r.status !== 200) return null;
        return r.json();
      })
      .then(function (body) {
        if (body && body.seq !== seq()) return refresh(body.changes || []);
      })
      .catch(missed)
      .then(function () { busy = false; });
  }

  // -- what was typed: kept through a refusal, and pointed at ----------------------------------

  function formKey(form) {
    var type = form.querySelector("input[name=type]");
    return form.id || form.getAttribute("action") + "|" + (type ? type.value : "") + "|" + form.className;
  }

  function valuesOf(form) {
    return Array.prototype.map.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.tagName === "BUTTON") return null;
      if (el.type === "checkbox" || el.type === "radio") return [el.name, el.value, el.checked];
      return [el.name, el.value];
    }).filter(Boolean);
  }

  function restore(key, values) {
    var form = Array.prototype.filter.call(live.querySelectorAll("form"), function (f) { return formKey(f) === key; })[0];
    if (!form) return null;
    var used = {};
    values.forEach(function (v) {
      var all = Array.prototype.filter.call(form.elements, function (el) { return el.name === v[0]; });
      var changed = [];
      if (v.length === 3) {
        all.forEach(function (el) {
          if (el.value === v[1] && !el.disabled && el.checked !== v[2]) { el.checked = v[2]; changed.push(el); }
        });
      } else {
        var i = used[v[0]] || 0;
        if (all[i] && all[i].value !== v[1]) { all[i].value = v[1]; changed.push(all[i]); }
        used[v[0]] = i + 1;
      }
      changed.forEach(function (el) { el.dispatchEvent(new Event("change", { bubbles: true })); });
    });
    for (var el = form; el; el = el.parentElement) { if (el.tagName === "DETAILS") el.open = true; }
    return form;
  }

  // The field a refusal names (event.card.level): its input, or the first input under it.
  function fieldOf(form, name) {
    var inputs = Array.prototype.filter.call(form.elements, function (el) {
      return el.name && el.type !== "hidden" && !el.disabled && el.closest("[hidden]") === null &&
        (el.getClientRects().length || (el.labels && el.labels[0] && el.labels[0].getClientRects().length));
    });
    for (var cut = name; cut; cut = cut.replace(/\.?[^.]*$/, "")) {
      var hit = inputs.filter(function (el) {
        return el.name === cut || el.name.indexOf(cut + ".") === 0 || el.name.indexOf(cut + "*") === 0 || el.name.indexOf(cut + "#") === 0;
      })[0];
      if (hit) return hit;
      if (cut.indexOf(".") < 0) break;
    }
    return null;
  }

  function pointAt(form) {
    var message = document.querySelector("#result .message.error[data-field], #result .message.violation");
    if (!form || !message) return false;
    // the server drew the form again and pointed at the field, unless the input it chose is hidden
    // (a choice of card kinds the page shows one of): then the first visible one under that name
    var marked = form.querySelector("[aria-invalid=true]");
    var note = form.querySelector("#refused-note");
    if (marked && !marked.getClientRects().length) {
      marked.removeAttribute("aria-invalid");
      marked = null;
    }
    var field = message.getAttribute("data-field");
    var input = marked || (field && fieldOf(form, field));
    if (!input) return false;
    if (!note) {
      note = document.createElement("p");
      note.className = "field-error";
      note.id = "field-error-" + Date.now();
      note.textContent = message.textContent.trim();
      (input.closest(".field, fieldset") || input.parentNode).appendChild(note);
    }
    (input.closest(".field, fieldset") || input.parentNode).classList.add("has-error");
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", note.id);
    input.focus({ preventScroll: true });
    input.scrollIntoView({ block: "center" });
    return true;
  }

  // -- sending, and the outbox -----------------------------------------------------------------

  function clientId() {
    var bytes = new Uint8Array(12);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function describeTap(form, submitter) {
    var text = submitter && submitter.textContent.trim();
    if (!text || text === "Enter") {
      var heading = form.querySelector("h3, legend");
      text = heading ? heading.textContent.trim() : "your move";
    }
    return text.replace(/\s+/g, " ").slice(0, 80);
  }

  function showOutbox(words) {
    if (!outbox) return;
    outbox.hidden = !words;
    outbox.querySelector(".outbox-text").textContent = words || "";
  }

  function keep() {
    try {
      if (pending) sessionStorage.setItem(STORE, JSON.stringify(pending));
      else sessionStorage.removeItem(STORE);
    } catch (err) { /* private mode: the outbox lives as long as the page */ }
  }

  function send() {
    if (!pending || sending) return;
    clearTimeout(retryTimer);
    busy = sending = true;
    var data = new FormData();
    pending.fields.forEach(function (f) { data.append(f[0], f[1]); });
    var sent = pending;
    fetch(sent.action, { method: "POST", body: data, credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (r) {
        if (r.status >= 500 || r.status === 429) throw new Error("not answered");
        return r.text().then(function (html) { return { ok: r.ok, html: html }; });
      })
      .then(function (answer) {
        reached();
        pending = null;
        keep();
        showOutbox("");
        if (!swap(answer.html)) {
          var doc = new DOMParser().parseFromString(answer.html, "text/html");
          var text = doc.querySelector("main .lede, main p");
          say(["Not entered: " + (text ? text.textContent.trim() : "the server refused it") + "."]);
          return;
        }
        var result = document.getElementById("result");
        var refused = result && result.querySelector(".message.error, .message.violation");
        if (/^#card-/.test(location.hash)) location.replace("#result");  // close the card's panel
        var form = refused && sent.values.length ? restore(sent.form, sent.values) : null;
        if (!pointAt(form) && result && result.children.length) {
          result.focus({ preventScroll: true });
          result.scrollIntoView({ block: "nearest" });
        }
      })
      .catch(function () {
        missed();
        sent.tries += 1;
        keep();
        var wait = RETRY_MS[Math.min(sent.tries - 1, RETRY_MS.length - 1)];
        showOutbox("Not sent yet: " + sent.what + ". " +
          (conn === "offline" ? "No connection — it will be sent when the connection is back." : "Trying again…"));
        retryTimer = setTimeout(send, wait);
      })
      .then(function () { busy = sending = false; });
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!live.contains(form) || form.method.toLowerCase() !== "post") return;
    e.preventDefault();
    if (announce) announce.textContent = "";  // an older announcement would read as this answer
    if (pending) {
      say(["Not sent: your earlier tap (" + pending.what + ") is still waiting for the connection. Tap again once it has gone."]);
      return;
    }
    var data = e.submitter ? new FormData(form, e.submitter) : new FormData(form);
    var action = (e.submitter && e.submitter.getAttribute("formaction")) || form.action;
    if (/\/(event|undo|redo)$/.test(new URL(action, location.href).pathname)) data.set("client_id", clientId());
    var fields = [];
    data.forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
    Array.prototype.forEach.call(form.querySelectorAll("button"), function (b) { b.disabled = true; });
    pending = { action: action, fields: fields, what: describeTap(form, e.submitter), form: formKey(form),
                values: valuesOf(form), tries: 0 };
    keep();
    send();
  });

  if (outbox) {
    outbox.querySelector(".outbox-retry").addEventListener("click", send);
    outbox.querySelector(".outbox-cancel").addEventListener("click", function () {
      clearTimeout(retryTimer);
      say(["Not entered: " + (pending ? pending.what : "") + "."]);
      pending = null;
      keep();
      showOutbox("");
      Array.prototype.forEach.call(live.querySelectorAll("button"), function (b) { b.disabled = false; });
      refresh([]);
    });
  }

  // a tap kept from before a reload (the connection dropped, the phone reloaded the page)
  try { pending = JSON.parse(sessionStorage.getItem(STORE) || "null"); } catch (err) { pending = null; }
  if (pending) { showOutbox("Sending: " + pending.what + "…"); send(); }

  window.addEventListener("online", function () { if (pending) send(); else poll(); });
  window.addEventListener("offline", function () { failures = 3; setConn("offline"); });
  // -- "Something else happened…": a type's form fetched when it is opened ------------------------
  //
  // The table page lists the event types only (it is fetched again on every change); opening one
  // fetches its form (the link's page, ?fragment=1) and keeps it for the page's life, so a form
  // opened once opens again offline, and after every update of the page. The seq the phone shows
  // and its CSRF token are put in when it is shown; its player is chosen (the phone's seat, else the
  // player to act).

  var otherForms = {};  // the link's address → the form's HTML

  function current(form) {
    var seqField = form.querySelector("input[name=expected_seq]");
    if (seqField) seqField.value = live.dataset.seq;
    var csrf = live.querySelector("form:not(.schema-event) input[name=csrf_token]");
    var own = form.querySelector("input[name=csrf_token]");
    if (csrf && own) own.value = csrf.value;
    var list = form.closest(".other-event");
    var player = form.querySelector("select[name='event.player']");
    var chosen = list ? list.getAttribute("data-player") : "";
    if (player && chosen && player.querySelector("option[value='" + chosen + "']")) player.value = chosen;
  }

  function showOtherForm(details) {
    var link = details.querySelector("a.other-link");
    if (!details.open || !link || details.querySelector("form") || details.dataset.loading) return;
    var url = link.getAttribute("href") + "?fragment=1";
    var put = function (html) {
      var box = document.createElement("div");
      box.innerHTML = html;
      var form = box.querySelector("form");
      if (!form || !link.parentNode) return;
      link.parentNode.replaceChild(form, link);
      current(form);
    };
    if (otherForms[url]) { put(otherForms[url]); return; }
    details.dataset.loading = "1";
    var words = link.textContent;
    link.textContent = "Opening the form…";
    fetch(url, { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error("no form"); return r.text(); })
      .then(function (html) { reached(); otherForms[url] = html; put(html); })
      .catch(function () {
        link.textContent = words;
        say(["This form could not be opened: it needs the connection the first time. Try again when the phone is online."]);
      })
      .then(function () { delete details.dataset.loading; });
  }

  // <details> toggles (by a tap, or reopened after an update) do not bubble: caught on the way down
  document.addEventListener("toggle", function (e) {
    if (e.target.classList && e.target.classList.contains("other-type") && live.contains(e.target)) showOtherForm(e.target);
  }, true);

  // -- sharing a result as text: the phone's share sheet, else the clipboard ----------------------

  function shareButtons() {
    Array.prototype.forEach.call(live.querySelectorAll(".share-result"), function (b) {
      b.hidden = !(navigator.share || (navigator.clipboard && window.isSecureContext));
    });
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest(".share-result");
    if (!button) return;
    var text = button.getAttribute("data-text");
    if (navigator.share) {
      navigator.share({ title: button.getAttribute("data-title"), text: text }).catch(function () {});
    } else {
      navigator.clipboard.writeText(text).then(function () { say(["The result is copied: paste it where you like."]); },
        function () { say(["Copying was refused: the result is under “The result as text”."]); });
    }
  });

  // -- the result as an image: the server's SVG drawn into a canvas, shared as a PNG with the
  // phone's share sheet where it takes files, else downloaded (without this script the link
  // downloads the SVG)

  function pngOf(url) {
    return new Promise(function (resolve, reject) {
      var img = new Image();
      img.onload = function () {
        var scale = 2;
        var canvas = document.createElement("canvas");
        canvas.width = img.naturalWidth * scale;
        canvas.height = img.naturalHeight * scale;
        var context = canvas.getContext("2d");
        context.scale(scale, scale);
        context.drawImage(img, 0, 0);
        canvas.toBlob(function (blob) { if (blob) resolve(blob); else reject(new Error("no image")); }, "image/png");
      };
      img.onerror = reject;
      img.src = url;
    });
  }

  function download(href, name) {
    var a = document.createElement("a");
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { document.body.removeChild(a); if (/^blob:/.test(href)) URL.revokeObjectURL(href); }, 1000);
  }

  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest(".share-image");
    if (!link || !window.Promise || !document.createElement("canvas").toBlob) return;
    e.preventDefault();
    var name = link.getAttribute("download").replace(/\.svg$/, ".png");
    pngOf(link.href).then(function (blob) {
      var file = new File([blob], name, { type: "image/png" });
      if (navigator.share && navigator.canShare && navigator.canShare({ files: [file] })) {
        return navigator.share({ files: [file], title: link.getAttribute("data-title"), text: link.getAttribute("data-text") })
          .catch(function () {});
      }
      download(URL.createObjectURL(blob), name);
      say(["The result is saved as a picture: " + name + "."]);
    }).catch(function () { download(link.href, link.getAttribute("download")); });
  });

  // -- the board is tappable: tap a thing (a figure, a tile, a lane, a space), then choose ----------
  //
  // A board marks what its moves name with data-thing (the value the events use: "berrok-1", "A1",
  // "left", "4 4"). Tapping one narrows "What you can do now" to the choices about it: a button
  // whose event names it, a form whose fixed fields name it, a form with a choice of that value
  // (which is chosen). "Show all" undoes it; the next update of the page shows everything again.

  function named(value, thing, key) {
    if (key === "type" || key === "player" || value === null || value === undefined) return false;
    if (Array.isArray(value)) {
      if (value.length && value.every(function (v) { return typeof v === "number"; }) && value.join(" ") === thing) return true;
      return value.some(function (v) { return named(v, thing); });
    }
    if (typeof value === "object") return Object.keys(value).some(function (k) { return named(value[k], thing, k); });
    return String(value) === thing;
  }

  function parsed(text) { try { return JSON.parse(text); } catch (err) { return null; } }

  function choicesAbout(thing) {
    var actions = document.getElementById("actions");
    if (!actions) return [];
    var found = [];
    Array.prototype.forEach.call(actions.querySelectorAll(".legal button[name=event]"), function (b) {
      found.push({ el: b, about: named(parsed(b.value), thing) });
    });
    Array.prototype.forEach.call(actions.querySelectorAll("form.open-event, .open-event > form, form.pg-form"), function (f) {
      var fixed = f.querySelector("input[name=fixed][type=hidden]");
      var pick = Array.prototype.filter.call(f.querySelectorAll("input[type=radio]"), function (r) {
        return !r.disabled && (r.value === thing || (r.name === "fixed" && named(parsed(r.value), thing)));
      })[0];
      found.push({ el: f.closest(".open-event") || f, about: !!pick || !!(fixed && named(parsed(fixed.value), thing)), pick: pick });
    });
    return found;
  }

  function markBoard() {
    Array.prototype.forEach.call(live.querySelectorAll(".board [data-thing]"), function (el) {
      var about = choicesAbout(el.getAttribute("data-thing")).filter(function (c) { return c.about; }).length;
      el.classList.toggle("thing-tap", about > 0);
      if (!about) return;
      el.tabIndex = 0;
      el.setAttribute("role", "button");  // named by what it shows (an aria-label would hide it)
      el.removeAttribute("aria-label");
      el.setAttribute("aria-describedby", "thing-hint");
    });
    var hint = document.getElementById("thing-hint");
    var board = live.querySelector(".board");
    if (board && !hint && live.querySelector(".thing-tap")) {
      hint = document.createElement("p");
      hint.id = "thing-hint";
      hint.className = "meta thing-hint";
      hint.textContent = "Tap a highlighted piece, tile or lane to see only the moves about it.";
      board.appendChild(hint);
    }
  }

  function showAll() {
    Array.prototype.forEach.call(live.querySelectorAll(".narrowed-out"), function (el) {
      el.hidden = false;
      el.classList.remove("narrowed-out");
    });
    var note = document.getElementById("narrowed");
    if (note) note.parentNode.removeChild(note);
  }

  function narrow(el) {
    showAll();
    var thing = el.getAttribute("data-thing");
    var choices = choicesAbout(thing);
    var shown = 0;
    choices.forEach(function (c) {
      if (c.about) {
        shown += 1;
        if (c.pick && !c.pick.checked) { c.pick.checked = true; c.pick.dispatchEvent(new Event("change", { bubbles: true })); }
        for (var up = c.el.parentElement; up; up = up.parentElement) { if (up.tagName === "DETAILS") up.open = true; }
      } else {
        c.el.hidden = true;
        c.el.classList.add("narrowed-out");
      }
    });
    // a group (a type of move, a step of a two-step choice) left with nothing in it goes too
    var groups = Array.prototype.map.call(live.querySelectorAll("#actions .legal .buttons"), function (b) { return b.parentElement; })
      .concat(Array.prototype.slice.call(live.querySelectorAll("#actions .legal .step, #actions .legal .choices")));
    groups.forEach(function (group) {
      var left = Array.prototype.some.call(group.querySelectorAll("button[name=event]"), function (b) { return !b.hidden; });
      if (!left) { group.hidden = true; group.classList.add("narrowed-out"); }
    });
    var heading = document.getElementById("actions-h");
    if (!heading) return;
    var note = document.createElement("p");
    note.id = "narrowed";
    note.className = "narrowed";
    var words = (el.querySelector("h3, h4, strong, .pg-name") || el).textContent;
    note.appendChild(document.createTextNode("Moves about " + words.replace(/\s+/g, " ").trim().slice(0, 40) + ": " + shown + " "));
    var all = document.createElement("button");
    all.type = "button";
    all.className = "show-all";
    all.textContent = "Show all";
    note.appendChild(all);
    heading.parentNode.insertBefore(note, heading.nextSibling);
    heading.scrollIntoView({ block: "start" });
  }

  document.addEventListener("click", function (e) {
    var thing = e.target.closest && e.target.closest(".thing-tap");
    if (thing && live.contains(thing)) { narrow(thing); return; }
    if (e.target.closest && e.target.closest("#narrowed .show-all")) showAll();
  });
  document.addEventListener("keydown", function (e) {
    var thing = e.target.classList && e.target.classList.contains("thing-tap") ? e.target : null;
    if (thing && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); narrow(thing); }
  });

  shareButtons();
  markBoard();
  setInterval(poll, POLL_MS);
  document.addEventListener("visibilitychange", poll);
})();
