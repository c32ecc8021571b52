"""What a server on a network needs around the app: security headers, cookies, host checks, rate
limits, compressed responses, JSON bodies checked at the door, and database faults answered as 503.

Libraries: flask-talisman (headers), Flask-Limiter (rate limits), Flask-Compress (compression),
cryptography's Fernet (the page cookie is encrypted, not only signed). `create_app` calls `init_app`.
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import os
import secrets
import time
from urllib.parse import urlsplit

from cryptography.fernet import Fernet, InvalidToken
from flask import abort, current_app, jsonify, request
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SecureCookieSessionInterface
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_talisman import Talisman
from sqlalchemy import exc as db_errors
from sqlalchemy.engine import make_url

import rate_limits  # noqa: F401  (registers the tableside+sqlite:// storage with `limits`)
from referee.core.store import fault_of

# Every page's scripts and styles are files under /static; the one inline style *attribute* is a
# chart legend's colour swatch, so only style attributes (not <style> blocks) are let in.
CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "style-src-attr": "'unsafe-inline'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}

# Rate limits per client address (Flask-Limiter), counted in a SQLite file every worker of the server
# shares (rate_limits.py, `rate_limit_file`); several machines share a Redis instead
# (RATELIMIT_STORAGE_URI=redis://…). Reads are not limited: phones poll.
RATE_LIMITED = {
    "RATELIMIT_CREATE": (["referee_api.create_session", "pages.new", "referee_api.create_campaign",
                          "referee_api.start_quest"], ["POST"]),
    "RATELIMIT_IMPORT": (["referee_api.import_session"], ["POST"]),
    "RATELIMIT_WRITE": (["referee_api.post_event", "referee_api.undo", "referee_api.redo",
                         "pages.post_event", "pages.undo_redo"], ["POST"]),
    "RATELIMIT_SEARCH": (["rules_api.rules_search", "rules_pages.home", "pages.ask"], None),
}


def init_app(app) -> None:
    config = app.config
    config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    Talisman(app, force_https=False, session_cookie_secure=False,
             content_security_policy=CONTENT_SECURITY_POLICY, frame_options="DENY",
             referrer_policy="same-origin", strict_transport_security=True)
    app.session_interface = EncryptedCookieSession()
    config.setdefault("RATELIMIT_ENABLED", not config.get("TESTING"))
    config.setdefault("RATELIMIT_STORAGE_URI", "tableside+sqlite:///" + rate_limit_file(app))
    config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    limiter = app.extensions["tableside.limiter"] = Limiter(get_remote_address, app=app)
    for setting, (endpoints, methods) in RATE_LIMITED.items() if limiter.enabled else ():
        # switched off (tests, benches), nothing is wrapped: Flask-Limiter's decorator evaluates
        # its limits on every request even then (~0.1 ms of an event POST)
        limit = limiter.shared_limit(lambda setting=setting: current_app.config[setting],
                                     scope=setting.lower(), methods=methods)
        for endpoint in endpoints:
            app.view_functions[endpoint] = limit(app.view_functions[endpoint])
    config.setdefault("COMPRESS_MIMETYPES", ["application/json", "text/html", "text/css",
                                             "text/javascript", "image/svg+xml"])
    config.setdefault("COMPRESS_MIN_SIZE", 1024)
    config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    config.setdefault("COMPRESS_BR_LEVEL", 4)
    config.setdefault("COMPRESS_LEVEL", 5)
    # A streamed response (a static file) compressed on the fly leaves its file open (a
    # ResourceWarning per file); pages and API answers, which are what phones re-fetch, are not
    # streamed and stay compressed.
    config.setdefault("COMPRESS_STREAMS", False)
    Compress(app)
    app.before_request(check_host)
    app.register_error_handler(db_errors.DBAPIError, on_database_error)
    app.register_error_handler(db_errors.TimeoutError, on_database_error)


def rate_limit_file(app) -> str:
    """Where the workers count: beside a SQLite database (its server's counts live and go with it),
    else instance/ratelimits.sqlite."""
    url = make_url(app.config["DATABASE_URL"])
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        return os.path.splitext(os.path.abspath(url.database))[0] + "-ratelimits.sqlite"
    return os.path.join(app.instance_path, "ratelimits.sqlite")


# -- secrets and cookies -------------------------------------------------------------------------


def secret_key(instance_path: str) -> str:
    """SECRET_KEY from the environment, or one generated for this instance into instance/secret_key
    (created once, readable by its owner only; several workers starting at once read the same)."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = os.path.join(instance_path, "secret_key")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _attempt in range(50):  # another worker may be between create and write
            with open(path) as file:
                key = file.read().strip()
            if key:
                return key
            time.sleep(0.02)
        raise RuntimeError(f"{path} is empty: delete it and start again") from None
    key = secrets.token_urlsafe(48)
    with os.fdopen(fd, "w") as file:
        file.write(key + "\n")
    return key


class EncryptedCookieSession(SecureCookieSessionInterface):
    """Flask's signed cookie, encrypted as well (Fernet, key derived from SECRET_KEY): the edit
    tokens a phone remembers cannot be read off the cookie. `Secure` when the request came over
    HTTPS (behind a proxy, set PROXY_FIX so that the proxy's X-Forwarded-Proto is believed)."""

    def get_signing_serializer(self, app):
        """Built once per app and secret (deriving the keys costs more than the rest of a
        request), then only read: itsdangerous's serializers keep no state between calls."""
        cached = app.extensions.get("tableside.cookie_serializer")
        if cached is not None and cached[0] == app.secret_key:
            return cached[1]
        serializer = super().get_signing_serializer(app)
        if serializer is not None:
            serializer.serializer = _FernetJSON(app.secret_key)
            app.extensions["tableside.cookie_serializer"] = (app.secret_key, serializer)
        return serializer

    def get_cookie_secure(self, app) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)


class _FernetJSON:
    def __init__(self, secret: str | bytes):
        raw = secret.encode() if isinstance(secret, str) else secret
        key = hashlib.sha256(b"tableside cookie encryption\0" + raw).digest()
        self.fernet = Fernet(base64.urlsafe_b64encode(key))
        self.json = TaggedJSONSerializer()

    def dumps(self, value) -> str:
        return self.fernet.encrypt(self.json.dumps(value).encode()).decode()

    def loads(self, text):
        try:
            return self.json.loads(self.fernet.decrypt(text).decode())
        except InvalidToken:
            raise ValueError("not an encrypted cookie") from None


# -- hosts ---------------------------------------------------------------------------------------


def serve_at(app, public_url: str) -> None:
    """Build every link and QR code from `public_url` (PUBLIC_URL; `flask serve` sets it to the
    address it prints when none is configured), whatever Host a request names."""
    app.config["PUBLIC_URL"] = public_url
    app.wsgi_app = PublicAddress(app.wsgi_app, public_url)


class PublicAddress:
    """With PUBLIC_URL set, every request is seen as addressed to it (Host and scheme), so every
    link and QR code is built from the configured address, whatever Host the client sent."""

    def __init__(self, wsgi_app, public_url: str):
        public = urlsplit(public_url)
        self.wsgi_app, self.host, self.scheme = wsgi_app, public.netloc, public.scheme or "http"

    def __call__(self, environ, start_response):
        environ["HTTP_HOST"] = self.host
        environ["wsgi.url_scheme"] = self.scheme
        return self.wsgi_app(environ, start_response)


def check_host() -> None:
    """Links and QR codes are built from the Host header, so an untrusted one is refused: with
    PUBLIC_URL set, links use it whatever the header says (PublicAddress); otherwise the host must be
    in TRUSTED_HOSTS or, when that is unset, a loopback name or an IP address (a table's LAN
    address), never a DNS name an attacker chose."""
    if current_app.config.get("PUBLIC_URL") or current_app.config.get("TRUSTED_HOSTS"):
        return  # Flask checks TRUSTED_HOSTS itself; PUBLIC_URL fixes the links
    host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
    host = host.strip("[]").lower()
    if host in ("localhost", "localhost.localdomain") or host.endswith(".localhost"):
        return
    try:
        ipaddress.ip_address(host)
    except ValueError:
        abort(400, f"Host {host[:60]!r} is not served here: set PUBLIC_URL or TRUSTED_HOSTS.")


# -- database faults -----------------------------------------------------------------------------


def on_database_error(error: Exception):
    """A database fault (locked, full, read-only, unreachable) is a 503 naming it, JSON under /api/;
    any other database error is a bug and stays a 500."""
    fault = fault_of(error)
    if fault is None:
        raise error
    current_app.extensions["tableside.store"].last_fault = fault.code
    current_app.logger.warning("database fault %s: %s", fault.code, error)
    if request.path.startswith("/api/"):
        response = jsonify({"error": {"code": fault.code, "message": fault.message}})
    else:
        response = current_app.make_response(
            (f"<!doctype html><title>Unavailable</title><p>{fault.message}.</p>", 503))
    response.status_code = 503
    response.headers["Retry-After"] = str(fault.retry_after)
    return response
