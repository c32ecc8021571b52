// Pilgrims' new-game form: picking a quest tile's mission ticks its letter (the mission decides it).
// Without this script the letter is ticked by hand and the referee says when they do not match.
(function () {
  "use strict";
  var LETTER = { "1": "A", "2": "B" };
  document.addEventListener("change", function (e) {
    var select = e.target;
    if (!select.dataset || !select.dataset.pgLetter) return;
    var mission = select.value;
    if (!mission) return;
    var letter = LETTER[mission.charAt(0)] || "C";
    var radios = document.getElementsByName(select.dataset.pgLetter);
    Array.prototype.forEach.call(radios, function (r) { r.checked = r.value === letter; });
  });
})();
