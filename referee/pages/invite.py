"""Inviting the table: links and QR codes at an address the other phones can open, and `flask serve`,
the one command that serves a table on the local network.

A phone can only open an address of this computer on the table's network. Links and QR codes are
built from the address a request came to, which `PUBLIC_URL` fixes (hardening.py); `flask serve`
listens on every interface and, unless PUBLIC_URL is configured, makes the address it printed the
public one, so the invite box uses it even when the page was opened as 127.0.0.1 on the laptop
itself. When the page was opened at a loopback address and no network address is known, the box
says plainly that phones cannot open the links.
"""

from __future__ import annotations

import ipaddress
import socket

import click
import segno
from flask import current_app, request, url_for
from werkzeug.serving import make_server

LOOPBACK_NAMES = {"localhost", "ip6-localhost"}


def lan_address() -> str | None:
    """This computer's address on the local network (the interface of its default route), or None.
    Connecting a UDP socket sends nothing; it only picks the interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if ipaddress.ip_address(address).is_loopback else address


def is_loopback(host: str) -> bool:
    """Whether a Host header ("127.0.0.1:5000", "[::1]:5000", "localhost") names this computer only."""
    if host.startswith("["):
        name = host[1:].split("]")[0]
    else:
        name = host.split(":")[0] if host.count(":") == 1 else host
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def base_url() -> tuple[str, str | None]:
    """The address to put in links and QR codes, and a warning when phones cannot open it."""
    here = request.host_url.rstrip("/")
    if not is_loopback(request.host):
        return here, None
    return here, (f"This page was opened at {request.host}, an address only this computer can open: "
                  "the other phones cannot join with these links. Serve the table on the network "
                  "(make run) and open the address it prints.")


def qr_svg(url: str, title: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=4, border=2, title=title, svgclass="qr",
                                                  lineclass=None, omitsize=True)


def links(session_id: str, join_token: str | None) -> dict:
    """The view-only link and its QR code, the join link and its QR code for a phone that may hand
    it out (None otherwise), and the warning when phones cannot reach them."""
    base, warning = base_url()
    view_url = base + url_for("pages.table", session_id=session_id)
    out = {"view_url": view_url, "view_qr": qr_svg(view_url, "QR code of the view-only link"),
           "join_url": None, "join_qr": None, "reach_warning": warning}
    if join_token is not None:
        out["join_url"] = base + url_for("pages.join", session_id=session_id, token=join_token)
        out["join_qr"] = qr_svg(out["join_url"], "QR code of the join link")
    return out


@click.command("serve", help="Serve the table on the local network and print the address phones open.")
@click.option("--port", default=5000, show_default=True, help="The port to listen on.")
@click.option("--host", default="0.0.0.0", show_default=True,
              help="The interface to listen on (127.0.0.1: this computer only).")
def serve_command(port: int, host: str) -> None:
    from hardening import serve_at

    app = current_app._get_current_object()
    address = lan_address() if host in ("0.0.0.0", "::") else host
    server = make_server(host, port, app, threaded=True)
    if app.config.get("PUBLIC_URL"):
        url = app.config["PUBLIC_URL"].rstrip("/")
        click.echo(f"\nTableside is serving the table at\n\n    {url}\n")
        segno.make(url, error="m").terminal(compact=True)
    elif address and not ipaddress.ip_address(address).is_loopback:
        url = f"http://{address}:{server.server_port}"
        serve_at(app, url)
        click.echo(f"\nTableside is serving the table at\n\n    {url}\n\n"
                   "Phones on the same Wi-Fi open that address (or scan this code):\n")
        segno.make(url, error="m").terminal(compact=True)
    else:
        click.echo(f"\nTableside is serving at http://127.0.0.1:{server.server_port} — this computer "
                   "only: no network was found, so phones cannot join.")
    click.echo("Anyone on this network can open the pages and watch a game; entering moves needs a "
               "game's join link. Stop with Ctrl+C.\n")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
