"""Form fields back into JSON, shaped by a JSON Schema: what `templates/play/_form.html` (or a game's
own template) drew, read back as the value the referee expects. Plain Python on a mapping of fields
(a werkzeug MultiDict: `get`, `getlist`, iteration over names); no Flask.

Bounded before anything is built: a count, a list, a string or a JSON text decoded from a form is
checked against what the schema allows (maxItems, maxLength, minimum/maximum; without them the
limits below) before a list is made or a number is parsed, so a short post such as
`cost#fist=1000000` is refused at once. Messages are in a player's words; the field name travels
separately (`BadRequest.field`) so the page can point at the input.
"""

from __future__ import annotations

import re

from ..core.rules import BadRequest
from ..web import NOT_JSON, clean_value, decode_json_text

MAX_FORM_ITEMS = 8  # an array with at most this many items is drawn as one field per item
MAX_LIST = 64  # the most items of any list read from a form when its schema gives no maxItems
MAX_TEXT = 2000  # the longest text when the schema gives no maxLength
MAX_JSON_TEXT = 16_000  # the longest JSON text in one field
MAX_DIGITS = 9  # the longest whole number a form field may hold


# -- how a schema is drawn ---------------------------------------------------------------------------


def schema_type(schema: dict) -> str:
    """How a schema is drawn as form fields (and read back)."""
    if "const" in schema:
        return "const"
    if "enum" in schema:
        return "enum"
    kind = schema.get("type")
    if isinstance(kind, list):
        kinds = [k for k in kind if k != "null"]
        kind = kinds[0] if len(kinds) == 1 else None
    if kind == "object" and schema.get("properties") and not any(
        k in schema for k in ("oneOf", "anyOf", "patternProperties")
    ):
        return "object"
    if kind == "array":
        items = schema.get("items", {})
        if "enum" in items and schema.get("uniqueItems"):
            return "checkboxes"
        if items.get("type") == "integer" and not array_length(schema):
            return "numbers"
        if array_length(schema) and schema_type(items) not in ("json", "array"):
            return "array"
        if "enum" in items and len(items["enum"]) <= MAX_FORM_ITEMS * 2:
            return "counts"  # a longer list of values, repeats allowed: how many of each
        return "json"
    if kind in ("string", "integer", "number", "boolean"):
        return kind
    return "json"


# An array's count as the book prints it, where the schema takes more so that the referee refuses
# another count quoting the book (Pillars of Fate's draft: "passing the other 2"): a form draws that
# many item fields.
FORM_ITEMS = "x-form-items"


def array_length(schema: dict) -> int:
    """How many item fields to draw for an array: the book's count (`x-form-items`), else its
    maxItems when small, else 0 (one field)."""
    most = schema.get(FORM_ITEMS, schema.get("maxItems"))
    return most if most is not None and most <= MAX_FORM_ITEMS else 0


def most_items(schema: dict) -> int:
    """The longest list a form may give for this array schema."""
    most = schema.get("maxItems")
    return most if isinstance(most, int) and most >= 0 else MAX_LIST


def object_schema(schema: dict) -> dict:
    """The object alternative of a oneOf/anyOf (a card given by its fields or by its name)."""
    for alternative in schema.get("oneOf", schema.get("anyOf", [])):
        if alternative.get("type") == "object":
            return alternative
    return schema


# -- reading a value back ----------------------------------------------------------------------------


def form_value(schema: dict, name: str, form):
    """Read a value shaped by a JSON Schema back from the form fields drawn for it: None when left
    empty. The referee checks the result against the schema; this gives it the right types and
    refuses, before building it, anything longer or larger than the schema allows.

    A template may also enter an array of objects as a list of numbers, one field per kind of item:
    `<name>*points;level=2` = "5 3" gives [{"points": 5, "level": 2}, {"points": 3, "level": 2}].
    """
    kind = schema_type(schema)
    listed = listed_items(schema, name, form) or counted_items(schema, name, form)
    if listed:
        return listed
    packed = packed_numbers(schema, name, form)
    if packed is not None:
        return packed
    if kind == "json" or kind == "object" and form.get(name, "").strip():  # an object as JSON too
        text = form.get(name, "").strip()
        if not text:
            return fields_value(schema, name, form)
        return json_text(text, name)
    if kind == "object":
        out = {}
        shape = object_schema(schema)
        for key, sub in shape.get("properties", {}).items():
            if "const" in sub:
                continue
            value = form_value(sub, f"{name}.{key}", form)
            if value is None and key in shape.get("required", ()):
                value = counted_items(sub, f"{name}.{key}", form)  # every count 0: an empty list
            if value is not None:
                out[key] = value
        # unchecked checkboxes alone (a row of a list left empty) are nothing entered
        return out if any(value is not False for value in out.values()) else None
    if kind == "array":
        items = []
        for index in range(array_length(schema)):
            value = form_value(schema.get("items", {}), f"{name}.{index}", form)
            if value is not None:
                items.append(value)
        return items or None
    if kind == "checkboxes":
        chosen = form.getlist(name)
        return [value for value in schema["items"]["enum"] if str(value) in chosen] or None
    if kind == "counts":  # no count was given; the list may still come as JSON text
        text = form.get(name, "").strip()
        return json_text(text, name) if text else None
    if kind == "numbers":
        return numbers(form.get(name, ""), name, most_items(schema)) or None
    raw = form.get(name)
    if kind == "boolean":  # a checkbox (with `<name>.present`), or yes/no radio buttons on/off
        if raw == "off":
            return False
        if name + ".present" in form:
            return raw is not None
        return True if raw == "on" else None
    if raw is None or raw.strip() == "":
        return None
    raw = raw.strip()
    if kind == "const":
        return schema["const"]
    if kind == "enum":
        for value in schema["enum"]:
            if str(value) == raw:
                return value
        raise BadRequest("choose one of: " + ", ".join(str(v).replace("_", " ")
                                                        for v in schema["enum"][:12]), name)
    if kind in ("integer", "number"):
        return number(raw, schema, name, whole=kind == "integer")
    longest = schema.get("maxLength", MAX_TEXT)
    if len(raw) > longest:
        raise BadRequest(f"this is too long: at most {longest} characters", name)
    return raw


def number(raw: str, schema: dict, name: str, whole: bool):
    if len(raw) > MAX_DIGITS + 2:
        raise BadRequest("this number is too large", name)
    try:
        value = int(raw) if whole else float(raw)
    except ValueError:
        raise BadRequest(f"{raw!r} is not a {'whole ' if whole else ''}number", name) from None
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and value < low or high is not None and value > high:
        span = (f"from {low} to {high}" if low is not None and high is not None
                else f"at least {low}" if low is not None else f"at most {high}")
        raise BadRequest(f"enter a number {span}", name)
    return value


def json_text(text: str, name: str):
    if len(text) > MAX_JSON_TEXT:
        raise BadRequest(f"this is too long: at most {MAX_JSON_TEXT} characters", name)
    try:  # read as the API reads a body: no NaN, NUL, lone surrogate or key written twice
        return decode_json_text(text)
    except BadRequest as refused:
        if refused.message.startswith(NOT_JSON):
            raise BadRequest("this was not understood: choose again, or fill in the fields",
                             name) from None
        raise BadRequest(refused.message, name) from None


def numbers(text: str, name: str, most: int = MAX_LIST) -> list[int]:
    """Whole numbers separated by spaces ("5 3 8"), at most `most` of them."""
    words = text.replace(",", " ").replace("+", " ").split(None, most)
    if len(words) > most:
        raise BadRequest(f"too many numbers: at most {most}", name)
    if any(len(word) > MAX_DIGITS for word in words):
        raise BadRequest("a number here is too large", name)
    try:
        return [int(word) for word in words]
    except ValueError:
        raise BadRequest("enter whole numbers separated by spaces, e.g. 5 3 8", name) from None


def counted_items(schema: dict, name: str, form) -> list | None:
    """An array of enum values (repeats allowed, e.g. an items cost) entered as a count per value:
    fields `<name>#<value>` = "2" gives [value, value]. The counts are added up and checked against
    the array's maxItems before the list is made. Every count 0 is the empty list (a required list,
    e.g. a Congregation of no cards, takes it); no count filled in at all is None."""
    if schema_type(schema) not in ("counts", "array", "json") or "enum" not in schema.get("items", {}):
        return None
    most = most_items(schema)
    counts, total = [], 0
    for value in schema["items"]["enum"]:
        field = f"{name}#{value}"
        raw = form.get(field, "").strip()
        if not raw:
            continue
        count = sum(numbers(raw, field, most))
        total += count
        if count < 0 or total > most:
            raise BadRequest(f"too many: at most {most} in all", field)
        counts.append((value, count))
    return [value for value, count in counts for _ in range(count)] if counts else None


def packed_numbers(schema: dict, name: str, form):
    """An array of integers entered in one field ("3 2", e.g. a radio button for a map space), or
    an array of such arrays as several fields of one name (checkboxes valued "1 3", "2 2"...).
    None when the form has no such field."""
    kinds = schema.get("type") if isinstance(schema.get("type"), list) else [schema.get("type")]
    if "array" not in kinds or name not in form:
        return None
    items = schema.get("items", {})
    if items.get("type") == "integer" and array_length(schema):
        raw = " ".join(form.getlist(name)[:MAX_FORM_ITEMS]).strip()
        return numbers(raw, name, most_items(schema)) if raw else None
    if items.get("type") == "array" and items.get("items", {}).get("type") == "integer":
        raws = [raw for raw in form.getlist(name) if raw.strip()]
        if len(raws) > most_items(schema):
            raise BadRequest(f"too many: at most {most_items(schema)}", name)
        return [numbers(raw, name, most_items(items)) for raw in raws] or None
    return None


def fields_value(schema: dict, name: str, form):
    """A value the form drew as fields although its schema has no single form field: the first
    object alternative of a oneOf/anyOf whose required keys are all filled in (`<name>.<key>`),
    an object keyed by an enum (`propertyNames`), key by key (`<name>.<key>.<...>`), or a small
    array of such values, item by item (`<name>.0`, `<name>.1`...)."""
    alternatives = schema.get("oneOf", schema.get("anyOf"))
    if alternatives:
        for alternative in alternatives:
            if "oneOf" in alternative or "anyOf" in alternative:
                value = fields_value(alternative, name, form)
            elif schema_type(alternative) == "object":
                value = form_value(alternative, name, form)
                if value and not all(k in value for k in alternative.get("required", [])):
                    value = None
            else:
                continue
            if value:
                return value
        return None
    keys = schema.get("propertyNames", {}).get("enum")
    if keys and isinstance(schema.get("additionalProperties"), dict):
        out = {}
        for key in keys:
            value = form_value(schema["additionalProperties"], f"{name}.{key}", form)
            if value is not None:
                out[key] = value
        return out or None
    kinds = schema.get("type") if isinstance(schema.get("type"), list) else [schema.get("type")]
    if "array" in kinds and array_length(schema):
        items = [form_value(schema.get("items", {}), f"{name}.{index}", form)
                 for index in range(array_length(schema))]
        return [item for item in items if item is not None] or None
    return None


def listed_items(schema: dict, name: str, form) -> list[dict]:
    """Items entered as lists of numbers: fields `<name>*<key>[;<fixed>=<value>...]`, at most the
    array's maxItems in all."""
    most = most_items(schema)
    items: list[dict] = []
    for field in form:
        head, star, spec = field.partition("*")
        if not star or head != name:
            continue
        key, *fixed = spec.split(";")
        extra = {}
        for pair in fixed[:MAX_FORM_ITEMS]:
            k, _, v = pair.partition("=")
            try:
                extra[k] = decode_json_text(v)
            except BadRequest:
                extra[k] = v
        values = numbers(" ".join(form.getlist(field)[:most + 1]), field, most - len(items))
        items.extend({key: n, **extra} for n in values)
    return items


# -- what the pages post -----------------------------------------------------------------------------


def event_from_form(game, seats: list[str], form) -> dict:
    """An event from a tapped legal choice (its JSON in `event`) or from a schema-drawn form,
    holding nothing a body may not carry (a NUL typed into a text field: `clean_value`)."""
    return clean_value(_event_from_form(game, seats, form), "event")


def _event_from_form(game, seats: list[str], form) -> dict:
    if form.get("event"):
        event = json_text(form["event"], "event")
        if not isinstance(event, dict):
            raise BadRequest("choose what happened again", "event")
        return event
    kind = form.get("type")
    if kind not in game.event_types:
        raise BadRequest("choose what happened", "type")
    schema = game.event_types[kind].schema(kind, seats)
    event = form_value(schema, "event", form) or {}
    if not isinstance(event, dict):  # e.g. `event*player` read the event as a list of objects
        raise BadRequest("choose what happened again", "event")
    if form.get("fixed"):  # the fields a legal choice fixed, the form asking for the rest
        fixed = json_text(form["fixed"], "fixed")
        if isinstance(fixed, dict):
            event.update(fixed)
    event["type"] = kind
    return event


def open_events(game, view) -> list[dict]:
    """Legal choices the game cannot enumerate ({"open": [fields]}), each with its form's schema."""
    seats = [p["seat"] for p in view["players"]]
    out = []
    for item in view["legal"]:
        if "open" in item:
            schema = game.event_types[item["type"]].schema(item["type"], seats)
            fixed = {k: v for k, v in item.items() if k != "open"}
            out.append({"fixed": fixed, "fields": item["open"], "schema": schema})
    return out


def new_game_body(game, described: dict, form) -> tuple[dict, dict]:
    """The JSON body of POST /api/sessions from the new-game form; and the errors by field."""
    errors = {}
    players = [name.strip() for name in form.getlist("player")[:game.max_players] if name.strip()]
    body = {"game": game.game_id, "players": players, "options": {}}
    for name, option in described["options"].items():
        try:
            value = form_value(option["schema"], f"options.{name}", form)
        except BadRequest as exc:
            errors[exc.field] = exc.message
            continue
        if value is not None:
            body["options"][name] = value
    if described["position_schema"] and form.get("start") == "position":
        try:
            position = form_value(described["position_schema"], "position", form)
        except BadRequest as exc:
            errors[exc.field] = exc.message
        else:
            if position:
                body["position"] = position
    return clean_value(body), errors  # a NUL typed into a name: refused, as the API refuses it


def calculator_tallies(schema: dict, count: int, form) -> dict:
    """The calculator's tallies: per player when the schema has a `players` array, else field by
    field of the schema."""
    tallies = {}
    for key, sub in schema.get("properties", {}).items():
        if key == "players" and schema_type(sub.get("items", {})) == "object":
            tallies["players"] = [form_value(sub["items"], f"players.{index}", form) or {}
                                  for index in range(count)]
        else:
            value = form_value(sub, key, form)
            if value is not None:
                tallies[key] = value
    return tallies


# -- a refusal of the form, in a player's words ------------------------------------------------------

_SCHEMA_MESSAGES = (  # what jsonschema says -> what a player reads ({label}: the field's words)
    (re.compile(r"^'(?P<key>[^']+)' is a required property$"), "Fill in {label}."),
    (re.compile(r" is not one of "), "Choose {label} from the list."),
    (re.compile(r" is not of type "), "Fill in {label}."),
    (re.compile(r" is less than the minimum of (?P<n>-?\d+)"), "{label} is at least {n}."),
    (re.compile(r" is greater than the maximum of (?P<n>-?\d+)"), "{label} is at most {n}."),
    (re.compile(r" (is too short|should be non-empty)"), "{label}: more are needed."),
    (re.compile(r" (is too long|is expected to be empty)"), "{label}: too many."),
    (re.compile(r" (is not valid under any of the given schemas|is valid under each of)"),
     "Fill in {label} completely."),
    (re.compile(r" (has non-unique elements)"), "{label}: each one only once."),
    (re.compile(r"^unknown field "), "This form sent something the game does not know: open "
                                      "the page again."),
)


def field_words(schema: dict, field: str | None) -> tuple[str, dict]:
    """The words a player reads for a form field ("the card's level"), and the field's schema, by
    walking `event.card.level` through the event's schema (a property's title, else its name)."""
    parts = (field or "").split(".")[1:]
    words, sub = [], schema
    for part in parts:
        sub = object_schema(sub)
        if part.isdigit() and sub.get("type") == "array":
            words.append(f"number {int(part) + 1}")
            sub = sub.get("items", {})
        elif part in sub.get("properties", {}):
            sub = sub["properties"][part]
            words.append(sub.get("title") or short_description(sub) or part.replace("_", " "))
        else:
            words.append(part.replace("_", " "))
            sub = {}
    if not words:
        return "what happened", sub
    label = f"“{words[-1]}”"
    if len(words) > 1:
        label += f" ({' of the '.join(reversed(words[:-1]))})"
    return label, sub


def short_description(schema: dict) -> str | None:
    """A field's description when it is short enough to name the field."""
    text = (schema.get("description") or "").replace("`", "").rstrip(".")
    return text if text and len(text) <= 60 else None


def in_words(schema: dict, field: str | None, message: str) -> tuple[str, str | None]:
    """A refusal of a form (a field missing, a value out of range) in a player's words, and the
    field to point at: no internal names, no code values. `message` is BadRequest's own text."""
    for pattern, words in _SCHEMA_MESSAGES:
        match = pattern.search(message)
        if match is None:
            continue
        found = match.groupdict()
        if found.pop("key", None):
            field = f"{field}.{match['key']}" if field else match["key"]
        label, _ = field_words(schema, field)
        return words.format(label=label, **found), field
    label, _ = field_words(schema, field)
    text = message.replace("`", "").replace("_", " ")
    if field and field.startswith("event.") and label.strip("“”").lower() not in text.lower():
        text = f"{label}: {text}"
    return text[:1].upper() + text[1:], field
