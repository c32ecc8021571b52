// Pilgrims' new-game form: picking a quest tile's mission ticks its letter (the mission decides it).
// Without this script the letter is ticked by hand and the referee says when they do not match.
(function () {
  "use strict";
  var LETTER = { "1": "A", "2": "B" };

  function tickLetter(select) {
    var mission = select.value;
    if (!mission) return;
    var letter = LETTER[mission.charAt(0)] || "C";
    var radios = document.getElementsByName(select.dataset.pgLetter);
    Array.prototype.forEach.call(radios, function (r) { r.checked = r.value === letter; });
  }

  document.addEventListener("change", function (e) {
    var select = e.target;
    if (select.dataset && select.dataset.pgLetter) tickLetter(select);
  });

  // The script is deferred: a mission picked before it ran fired its change event unheard. A
  // mission that differs from the one the page was served with is ticked now (one the page came
  // back with, and the letter entered beside it, are left for the table to correct).
  Array.prototype.forEach.call(document.querySelectorAll("select[data-pg-letter]"), function (select) {
    var served = Array.prototype.find.call(select.options, function (o) { return o.defaultSelected; });
    if (select.value !== (served ? served.value : "")) tickLetter(select);
  });
})();
