// The offline page: list the rulebooks this phone saved (what the service worker cached), so the
// page says what still opens instead of guessing.
(function () {
  "use strict";
  var list = document.getElementById("saved-rulebooks");
  if (!list) return;
  function show(items) {
    list.innerHTML = "";
    if (!items.length) {
      var none = document.createElement("li");
      none.textContent = "No rulebook is saved on this phone yet: open Tableside once while online.";
      list.appendChild(none);
      return;
    }
    items.forEach(function (book) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = book.url;
      a.textContent = book.title;
      li.appendChild(a);
      list.appendChild(li);
    });
  }
  if (!window.caches) { show([]); return; }
  caches.match("/offline/rulebooks.json")
    .then(function (r) { return r ? r.json() : { rulebooks: [] }; })
    .then(function (index) {
      return Promise.all(index.rulebooks.map(function (book) {
        return caches.match(book.url).then(function (hit) { return hit ? book : null; });
      }));
    })
    .then(function (books) { show(books.filter(Boolean)); })
    .catch(function () { show([]); });
})();
