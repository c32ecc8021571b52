"""gunicorn's settings for Tableside, read from the directory gunicorn starts in (the repository's
root: `gunicorn --workers 2 --threads 4 'app:create_app()'`); the command line's still apply."""

from app import MAX_CONTENT_LENGTH


def pre_request(worker, req):
    """A body over the limit is answered 413 unread, and gunicorn reads at most 64 KiB of a body
    left unread before the next request on the connection: past that it closes the connection it
    has just announced it would keep, and the phone's next request there gets no answer (finding
    132). Such a request's answer says `Connection: close` instead. (A large import, which is
    read, gives up its connection too: a new one is opened for the next request.)"""
    worker.log.debug("%s %s", req.method, req.path)  # gunicorn's own pre_request
    length = next((value for name, value in req.headers if name == "CONTENT-LENGTH"), "")
    if length.isdigit() and int(length) > MAX_CONTENT_LENGTH:
        req.force_close()
