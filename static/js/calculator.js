// The scoring calculator, live: as tallies are typed, ask the server for the result page and swap
// its result in place. Without this script the Calculate button does the same with a page load.
(function () {
  "use strict";
  var form = document.getElementById("calculator");
  if (!form || !window.fetch || !window.DOMParser) return;
  var timer = null;
  var latest = 0;

  function update() {
    var params = new URLSearchParams(new FormData(form));
    params.set("calculate", "1");
    var url = form.action + "?" + params.toString();
    var ticket = ++latest;
    fetch(url, { credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        if (ticket !== latest) return;  // a newer request is on its way
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("calc-result");
        var here = document.getElementById("calc-result");
        if (fresh && here) here.innerHTML = fresh.innerHTML;
        history.replaceState(null, "", url);
      })
      .catch(function () { /* the Calculate button still works */ });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(update, 350);
  }

  // What was typed while this script was still loading (a slow phone, a page just reloaded by
  // "+ Add a player") fired no input event this script heard: count it now.
  function typedBeforeLoad() {
    return Array.prototype.some.call(form.elements, function (field) {
      if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
      if (field.tagName === "SELECT") {
        return Array.prototype.some.call(field.options, function (o) { return o.selected !== o.defaultSelected; });
      }
      return "defaultValue" in field && field.value !== field.defaultValue;
    });
  }

  form.addEventListener("input", schedule);
  if (typedBeforeLoad()) schedule();
})();
