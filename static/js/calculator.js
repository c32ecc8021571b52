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

  form.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(update, 350);
  });
})();
