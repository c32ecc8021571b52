// Register the service worker (served at /sw.js so that its scope is the whole site).
if ("serviceWorker" in navigator) {
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* offline pages are a bonus */ });
  });
}
