"""A refused form drawn again with what was typed: the server's half of "a refusal keeps every value
entered and points at the field", for a phone without JavaScript (table.js does the same in the
browser). Plain Python on the rendered table page; no Flask.

The page is drawn as usual, then the form that was sent is found in it and filled in, whatever
template drew it (the generic schema forms, a game's own): text, number, select, textarea,
checkbox and radio fields take the values sent, the `<details>` around the form are opened, and the
field the refusal names gets `aria-invalid`, `autofocus` and the message at the top of the form.

The form that was sent is the one whose hidden fields (its event type, the fields a legal choice
fixed, the player; "Something else happened…" forms their own `form` name) are the ones sent, and
whose fields hold every name sent with a value; of several, the one with the most hidden fields
matching. The templates are Jinja's, so attributes
are always double-quoted and escaped, which is what the patterns below read.
"""

from __future__ import annotations

import json
import re
from html import escape, unescape

FORM = re.compile(r"<form\b[^>]*>.*?</form>", re.S)
FIELD = re.compile(r"<input\b[^>]*>|<select\b[^>]*>.*?</select>|<textarea\b[^>]*>.*?</textarea>", re.S)
ATTR = re.compile(r'([\w:.-]+)(?:="([^"]*)")?')
OPTION = re.compile(r"<option\b([^>]*)>([^<]*)")
DETAILS = re.compile(r"<details\b[^>]*>|</details>")
TAG_NAME = re.compile(r"<(\w+)")
# what every form carries or a script adds: not what a player typed
NOT_TYPED = {"csrf_token", "expected_seq", "client_id", "event"}
NOT_KEPT_TYPES = {"hidden", "submit", "button", "reset", "file", "image"}


def attributes(tag: str) -> dict[str, str]:
    """The attributes of a start tag (`<input type="text" name="x" required>`)."""
    head = tag[1:].split(">", 1)[0]
    head = head.split(None, 1)[1] if " " in head or "\n" in head else ""
    return {name: unescape(value or "") for name, value in ATTR.findall(head)}


def start_tag(element: str) -> str:
    return element[:element.index(">") + 1]


def same(name: str, shown: str, sent: str | None) -> bool:
    if sent is None:
        return False
    if name == "fixed":  # JSON: compared as values, not as text
        try:
            return json.loads(shown) == json.loads(sent)
        except ValueError:
            return False
    return shown == sent


def sent_form(html: str, form) -> re.Match | None:
    """The form of the page that was sent (see the module's docstring), or None."""
    typed = {name for name in form if name not in NOT_TYPED and any(v.strip() for v in form.getlist(name))}
    best, best_score = None, -1
    for match in FORM.finditer(html):
        if 'method="post"' not in start_tag(match.group()):
            continue
        hidden, names = 0, set()
        fits = True
        for element in FIELD.finditer(match.group()):
            attrs = attributes(start_tag(element.group()))
            name = attrs.get("name")
            if not name or "disabled" in attrs:
                continue
            names.add(name)
            if element.group().startswith("<input") and attrs.get("type") == "hidden" \
                    and name not in NOT_TYPED:
                if not same(name, attrs.get("value", ""), form.get(name)):
                    fits = False
                    break
                hidden += 1
        if fits and (hidden or typed) and names - NOT_TYPED and typed <= names and hidden > best_score:
            best, best_score = match, hidden
    return best


def refill(html: str, form, field: str | None = None, message: str | None = None) -> str:
    """The page with the form that was sent filled in again, opened, and its refused field pointed
    at; the page unchanged when the form is not found."""
    match = sent_form(html, form)
    if match is None:
        return html
    target = pointed_field(match.group(), field) if field else None
    used: dict[str, int] = {}

    def fill(element: re.Match) -> str:
        text = element.group()
        tag = start_tag(text)
        attrs = attributes(tag)
        name = attrs.get("name")
        if not name or "disabled" in attrs or name in NOT_TYPED:
            return text
        kind = attrs.get("type", "text") if text.startswith("<input") else TAG_NAME.match(text)[1]
        if kind in NOT_KEPT_TYPES:
            return text
        if kind in ("checkbox", "radio"):
            on = attrs.get("value", "on") in form.getlist(name)
            tag = set_flag(tag, "checked", on)
        elif kind == "select":
            if name in form:
                chosen = form.getlist(name)
                text = OPTION.sub(lambda o: "<option" + flagged_option(o, chosen) + ">" + o.group(2),
                                  text)
                tag = start_tag(text)
        elif name in form:
            values = form.getlist(name)
            value = values[min(used.get(name, 0), len(values) - 1)]
            used[name] = used.get(name, 0) + 1
            if kind == "textarea":
                text = tag + escape(value) + "</textarea>"
            else:
                tag = set_value(tag, value)
        if element.start() == target:
            tag = tag[:-1] + ' aria-invalid="true" aria-describedby="refused-note" autofocus>'
        return tag + text[len(start_tag(text)):]

    filled = FIELD.sub(fill, match.group())
    if message:
        head = start_tag(filled)
        filled = (head + f'<p class="field-error" id="refused-note" role="alert">{escape(message)}</p>'
                  + filled[len(head):])
    before = open_details(html[:match.start()])
    return before + filled + html[match.end():]


def pointed_field(form_html: str, field: str) -> int | None:
    """Where, in the form, the input for a refused field is (`event.card.level`: that input, else
    the first one under `event.card`, else under `event`): as table.js's fieldOf."""
    inputs = []
    for element in FIELD.finditer(form_html):
        attrs = attributes(start_tag(element.group()))
        if attrs.get("name") and attrs.get("type") not in NOT_KEPT_TYPES and "disabled" not in attrs:
            inputs.append((element.start(), attrs["name"]))
    cut = field
    while cut:
        for start, name in inputs:
            if name == cut or name.startswith((cut + ".", cut + "*", cut + "#")):
                return start
        if "." not in cut:
            return None
        cut = cut.rsplit(".", 1)[0]
    return None


def set_flag(tag: str, flag: str, on: bool) -> str:
    tag = re.sub(rf"\s{flag}(?:=\"[^\"]*\")?(?=[\s>/])", "", tag)
    return tag[:-1] + f" {flag}>" if on else tag


def set_value(tag: str, value: str) -> str:
    tag = re.sub(r'\svalue="[^"]*"', "", tag)
    return tag[:-1] + f' value="{escape(value)}">'


def flagged_option(option: re.Match, chosen: list[str]) -> str:
    attrs = option.group(1)
    value = attributes(f"<option{attrs}>").get("value", unescape(option.group(2)).strip())
    attrs = re.sub(r"\sselected(?:=\"[^\"]*\")?", "", attrs)
    return attrs + (" selected" if value in chosen else "")


def open_details(before: str) -> str:
    """The page up to the form, with the `<details>` still open around it (its ancestors) opened."""
    unclosed: list[re.Match] = []
    for tag in DETAILS.finditer(before):
        if tag.group().startswith("</"):
            if unclosed:
                unclosed.pop()
        else:
            unclosed.append(tag)
    for tag in reversed(unclosed):  # from the last, so the earlier positions hold
        attrs = attributes(tag.group())
        if "open" not in attrs:
            before = before[:tag.end() - 1] + " open>" + before[tag.end():]
    return before
