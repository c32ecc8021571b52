"""Installable and offline: the service worker (served from the root so that it covers the site),
the manifest, and the list of rulebook pages it saves on a phone's first visit."""

from __future__ import annotations

from flask import current_app, jsonify, render_template, send_from_directory, url_for

from rulebook_index import corpus

from .base import bp


@bp.get("/sw.js")
def service_worker():
    response = send_from_directory(current_app.static_folder, "sw.js", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    return send_from_directory(current_app.static_folder, "manifest.webmanifest",
                               mimetype="application/manifest+json", max_age=3600)


@bp.get("/offline/rulebooks.json")
def offline_rulebooks():
    """What the service worker saves when the app is first opened: every rulebook and the pages
    that read them (the offline page lists what was saved)."""
    books = [{"game": gid, "title": corpus.game_meta(gid)["title"],
              "url": url_for("rules_pages.rules_book", game=gid)} for gid in corpus.GAME_IDS]
    return jsonify({"rulebooks": books,
                    "pages": [url_for("rules_pages.home"), url_for("rules_pages.rules_page"),
                              url_for("pages.offline_page")],
                    "static": [url_for("static", filename=name) for name in OFFLINE_STATIC]})


# the files those pages load (tests/test_pages.py checks the list against the pages themselves)
OFFLINE_STATIC = ("style.css", "play.css", "icons/icon.svg", "icons/icon-192.png",
                  "js/sw-register.js", "js/offline.js")


@bp.get("/offline")
def offline_page():
    """The page a phone shows when it is offline: the rulebooks it saved (read from its cache)."""
    return render_template("offline.html")
