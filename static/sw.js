// Tableside's service worker: rulebook pages already visited keep working offline.
// Network first (a page is always as fresh as the network allows); each rules page and static file
// fetched is kept in the cache, and served from it when the network is unreachable. Games (/play/,
// /api/) are live and never cached.
"use strict";
var CACHE = "tableside-v1";
var PRECACHE = ["/static/style.css", "/static/play.css", "/static/icons/icon.svg", "/static/js/sw-register.js"];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(PRECACHE); }));
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function cacheable(url) {
  return url.origin === self.location.origin &&
    (url.pathname === "/" || url.pathname === "/rules" || url.pathname.indexOf("/rules/") === 0 ||
     url.pathname.indexOf("/static/") === 0);
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (!cacheable(url)) return;
  event.respondWith(
    fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(request, { ignoreSearch: false }).then(function (hit) {
        if (hit) return hit;
        if (request.mode === "navigate") {
          return new Response(
            "<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
            "<title>Offline — Tableside</title><body style='font-family:system-ui;padding:1rem'>" +
            "<h1>You are offline</h1><p>This page was not opened on this phone before, so it is not saved. " +
            "Rules pages you have visited still open.</p></body></html>",
            { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
        }
        return Response.error();
      });
    })
  );
});
