// Tableside's service worker: every rulebook opens offline once the app has been opened one time.
// On install it saves what /offline/rulebooks.json lists (each rulebook, the home and rules pages,
// the offline page and the files they load). Then network first (a page is always as fresh as the
// network allows), each rules page and static file fetched refreshing the saved copy; with no
// network the saved copy is served, and a page that is not saved gets the offline page, which lists
// the rulebooks this phone really has. Games (/play/, /api/) are live and never cached, except a
// "Something else happened…" form fetched for a table page (/play/<id>/other/<type>?fragment=1):
// it changes only with the game's players (table.js puts the phone's seq and CSRF token in), so
// one opened once opens again with no network.
"use strict";
var CACHE = "tableside-v2";
var INDEX = "/offline/rulebooks.json";
var OFFLINE = "/offline";

function saveAll(cache) {
  return fetch(INDEX, { cache: "no-store" }).then(function (response) {
    if (!response.ok) throw new Error("no index");
    return cache.put(INDEX, response.clone()).then(function () { return response.json(); });
  }).then(function (index) {
    var urls = index.pages.concat(index["static"], index.rulebooks.map(function (book) { return book.url; }));
    // one by one: a file that fails does not keep the others from being saved
    return Promise.all(urls.map(function (url) {
      return cache.add(new Request(url, { cache: "no-store" })).catch(function () { return null; });
    }));
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(saveAll).catch(function () { /* saved on the next visit */ }));
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

var OTHER_FORM = /^\/play\/[^/]+\/other\/[^/]+$/;

function cacheable(url) {
  return url.origin === self.location.origin &&
    (url.pathname === "/" || url.pathname === "/rules" || url.pathname.indexOf("/rules/") === 0 ||
     url.pathname.indexOf("/static/") === 0 || url.pathname === OFFLINE || url.pathname === INDEX ||
     (OTHER_FORM.test(url.pathname) && url.searchParams.has("fragment")));
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  var navigating = request.mode === "navigate";
  if (!cacheable(url) && !navigating) return;
  event.respondWith(
    fetch(request).then(function (response) {
      if (response.ok && cacheable(url)) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(request).then(function (hit) {
        if (hit) return hit;
        if (!navigating) return Response.error();
        return caches.match(OFFLINE).then(function (page) {
          return page || new Response(
            "<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
            "<title>Offline — Tableside</title><body style='font-family:system-ui;padding:1rem'>" +
            "<h1>You are offline</h1><p>This page needs the network.</p></body></html>",
            { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
        });
      });
    })
  );
});
