"""The API's OpenAPI 3.1 document, generated from what the code declares: each game's event types,
setup options, position and score schemas (their JSON Schemas as they are: OpenAPI 3.1 speaks JSON
Schema 2020-12), and the shapes every answer and error takes. `referee/web.py` serves it at
/api/openapi.json and as a page at /api/docs; schemathesis fuzzes the real server with it.
"""

from __future__ import annotations

import copy
import re

from .rules import Referee

ID = {"type": "string", "minLength": 1, "maxLength": 64}
CITATION = {
    "type": "object",
    "required": ["game", "quote"],
    "properties": {
        "game": {"type": "string"},
        "section_id": {"type": ["string", "null"]},
        "section_path": {"type": ["string", "null"]},
        "quote": {"type": "string"},
        "url": {"type": ["string", "null"]},
    },
}
ERROR = {
    "type": "object",
    "required": ["error"],
    "properties": {"error": {
        "type": "object",
        "required": ["code", "message"],
        "properties": {
            "code": {"type": "string"},
            "message": {"type": "string"},
            "field": {"type": ["string", "null"]},
            "rule": {"$ref": "#/components/schemas/Citation"},
        },
    }},
}
REFUSED = {  # 422 illegal or 409 stale: an error with accepted: false (and the current seq)
    "allOf": [{"$ref": "#/components/schemas/Error"}],
    "properties": {"accepted": {"const": False}, "seq": {"type": "integer"}},
}
EFFECT = {"type": "object", "required": ["text"],
          "properties": {"text": {"type": "string"}, "rule": {"$ref": "#/components/schemas/Citation"}}}
VIEW = {
    "type": "object",
    "required": ["id", "game", "seq", "phase", "over", "current_players", "state", "scores"],
    "properties": {
        "id": {"type": "string"},
        "game": {"type": "string"},
        "players": {"type": "array"},
        "options": {"type": "object"},
        "seq": {"type": "integer", "minimum": 0},
        "phase": {"type": ["string", "null"]},
        "over": {"type": "boolean"},
        "current_players": {"type": "array", "items": {"type": "string"}},
        "state": {"type": "object"},
        "scores": {"type": ["object", "null"]},
        "legal": {"type": "array", "items": {"type": "object", "required": ["type", "player"]},
                  "description": "every event legal now, once for each seat that may enter it, "
                                 "postable as it is (an item with `open` once those fields are "
                                 "filled in). An event of the game's `table_events` (GET "
                                 "/api/games/{game}), done for the whole table, is listed for each "
                                 "seat in current_players, the same but for `player`: a phone that "
                                 "enters for several seats shows it once. In a game with hidden "
                                 "information, only the reader's seat's events."},
        "can_undo": {"type": "boolean"},
        "can_redo": {"type": "boolean"},
    },
}
WRITTEN = {  # the answer to an event, undo or redo: the state is read at view_url (GET)
    "type": "object",
    "required": ["accepted", "seq", "view_url"],
    "properties": {"accepted": {"const": True},
                   "seq": {"type": "integer", "minimum": 1},
                   "repeated": {"const": True},
                   "effects": {"type": "array", "items": {"$ref": "#/components/schemas/Effect"}},
                   "undo": {"type": "object"}, "redo": {"type": "object"},
                   "view_url": {"type": "string"}},
}
LOG = {
    "type": "object",
    "required": ["id", "game", "seq", "entries"],
    "properties": {
        "id": {"type": "string"}, "game": {"type": "string"}, "seq": {"type": "integer"},
        "entries": {"type": "array", "items": {
            "type": "object", "required": ["seq", "kind"],
            "properties": {"seq": {"type": "integer"}, "kind": {"enum": ["event", "undo", "redo"]},
                           "effects": {"type": "array",
                                       "items": {"$ref": "#/components/schemas/Effect"}}},
        }},
    },
}
LOG_ITEM = {
    "type": "object",
    "required": ["seq", "kind"],
    "properties": {
        "seq": {"type": "integer", "minimum": 1},
        "kind": {"enum": ["event", "undo", "redo"]},
        "event": {"type": ["object", "null"]},
        "target_seq": {"type": ["integer", "null"]},
        "client_id": {"type": ["string", "null"]},
        "created_at": {"type": ["number", "null"]},
        "effects": {"type": "array", "items": {"type": "object"}},
    },
}

STATUS_TEXT = {
    200: "OK", 201: "Created", 400: "Malformed: the error names the field",
    401: "No token was sent", 403: "The token does not open this game (or this seat)",
    404: "No such game or session", 409: "Stale: the game has moved on (or the seat is taken)",
    413: "Too large: the body, or the game's log, is over its cap",
    415: "The body is not sent as application/json", 422: "Illegal: refused with the rule quoted",
    429: "Too many requests from this address: wait Retry-After seconds",
    503: "The database or the index is at fault; the code names it",
}


def _name(game_id: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[-_]", game_id))


def _error_responses(*codes: int, refused: tuple[int, ...] = ()) -> dict:
    return {str(code): {"description": STATUS_TEXT[code], "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Refused" if code in refused
                   else "#/components/schemas/Error"}}}} for code in codes}


def _ok(code: int, schema: dict) -> dict:
    return {str(code): {"description": STATUS_TEXT[code],
                        "content": {"application/json": {"schema": schema}}}}


def _body(schema: dict, required: bool = True, example=None) -> dict:
    media = {"schema": schema}
    if example is not None:
        media["example"] = example
    return {"required": required, "content": {"application/json": media}}


def _path_param(name: str, description: str, schema: dict | None = None) -> dict:
    return {"name": name, "in": "path", "required": True, "description": description,
            "schema": schema or ID}


BEARER = [{"token": []}]
WRITE_ERRORS = (400, 401, 403, 404, 409, 413, 415, 422, 429, 503)


def game_schemas(game: type[Referee]) -> dict:
    """A game's declarations as named schemas: its events, its setup and its score tallies."""
    name = _name(game.game_id)
    seats = game.seats_for(game.max_players)
    events = [copy.deepcopy(kind.schema(kind_name, seats))
              for kind_name, kind in game.event_types.items()]
    for schema in events:
        schema.pop("$schema", None)
    options = {option_name: {**copy.deepcopy(option.schema), "description": option.description}
               for option_name, option in game.options.items()}
    player = {"oneOf": [{"type": "string", "minLength": 1, "maxLength": 40},
                        {"type": "object", "required": ["name"],
                         "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 40},
                                        "seat": {"enum": seats}},
                         "additionalProperties": False}]}
    setup = {
        "type": "object",
        "required": ["game", "players"],
        "properties": {
            "game": {"const": game.game_id},
            "players": {"type": "array", "items": player, "minItems": game.min_players,
                        "maxItems": game.max_players},
            "options": {"type": "object", "properties": options, "additionalProperties": False},
            "position": copy.deepcopy(game.position_schema) if game.position_schema else {},
        },
        "additionalProperties": False,
    }
    schemas = {f"{name}Event": {"oneOf": events, "description": f"{game.title}: an event"},
               f"{name}Setup": setup}
    if game.score_schema is not None:
        schemas[f"{name}Tallies"] = copy.deepcopy(game.score_schema)
    return schemas


def document(games: dict[str, type[Referee]], rulebooks: tuple[str, ...],
             campaigns: dict | None = None) -> dict:
    """The whole OpenAPI 3.1 document of the server's API (`campaigns`: the games' campaign rules,
    by game, referee/core/campaigns.py)."""
    schemas = {"Citation": CITATION, "Error": ERROR, "Refused": REFUSED, "Effect": EFFECT,
               "SessionView": VIEW, "Written": WRITTEN, "Log": LOG}
    for game in games.values():
        schemas.update(game_schemas(game))
    names = {game_id: _name(game_id) for game_id in games}
    any_event = {"anyOf": [{"$ref": f"#/components/schemas/{n}Event"} for n in names.values()]}
    any_setup = {"oneOf": [{"$ref": f"#/components/schemas/{n}Setup"} for n in names.values()]}
    scored = [game for game in games.values() if game.score_schema is not None]
    session_id = _path_param("session_id", "a session's id, as its create answer gave it")
    expected_seq = {"type": "integer", "minimum": 0,
                    "description": "the seq of the state you are looking at"}
    seat_param = {"name": "seat", "in": "query", "required": False, "schema": {"type": "string"},
                  "description": "with the table's edit token: read the game as this seat"}
    first = next(iter(games.values()))

    paths = {
        "/api/health": {"get": {
            "summary": "Whether the rules index and the database work now (a write is tried)",
            "responses": {**_ok(200, {"type": "object", "required": ["ok"]}),
                          **_ok(503, {"type": "object", "required": ["ok"]})},
        }},
        "/api/games": {"get": {
            "summary": "The games whose rulebooks can be searched",
            "responses": _ok(200, {"type": "object", "required": ["games"]}),
        }},
        "/api/rules/search": {"get": {
            "summary": "Search a rulebook: ranked passages with the answer sentence",
            "parameters": [
                {"name": "q", "in": "query", "required": True,
                 "schema": {"type": "string", "minLength": 1, "maxLength": 500}},
                {"name": "game", "in": "query", "required": False,
                 "schema": {"enum": list(rulebooks)}},
                {"name": "limit", "in": "query", "required": False,
                 "schema": {"type": "integer", "minimum": 1, "maximum": 50}},
            ],
            "responses": {**_ok(200, {"type": "object", "required": ["results"]}),
                          **_error_responses(400, 404, 429, 503)},
        }},
        "/api/rules/{game}/sections/{section_id}": {"get": {
            "summary": "One section of a rulebook",
            "parameters": [_path_param("game", "a rulebook", {"enum": list(rulebooks)}),
                           _path_param("section_id", "a section's id", {"type": "string"})],
            "responses": {**_ok(200, {"type": "object", "required": ["game", "section"]}),
                          **_error_responses(404)},
        }},
        "/api/games/{game_id}": {"get": {
            "summary": "What a game declares: events, phases, options, position and score schemas",
            "parameters": [_path_param("game_id", "a refereed game", {"type": "string"})],
            "responses": {**_ok(200, {"type": "object", "required": ["game", "events"]}),
                          **_error_responses(404)},
        }},
        "/api/sessions": {"post": {
            "summary": "Start a game: the answer carries the table's edit token and a join token",
            "requestBody": _body(any_setup, example={"game": first.game_id,
                                                     **(first.example_setup or {})}),
            "responses": {**_ok(201, {"allOf": [{"$ref": "#/components/schemas/SessionView"}],
                                      "required": ["edit_token"]}),
                          **_error_responses(400, 404, 413, 415, 422, 429, 503, refused=(422,))},
        }},
        "/api/sessions/{session_id}": {"get": {
            "summary": "The game now: state, phase, whose turn, scores and every legal event",
            "parameters": [session_id, seat_param],
            "security": [{}, {"token": []}],
            "responses": {**_ok(200, {"$ref": "#/components/schemas/SessionView"}),
                          **_error_responses(400, 401, 403, 404, 503)},
        }},
        "/api/sessions/{session_id}/seats": {"post": {
            "summary": "Claim a seat with the join token: the answer carries the seat's token",
            "parameters": [session_id],
            "security": BEARER,
            "requestBody": _body({"type": "object", "properties": {
                "seat": {"type": "string"}, "name": {"type": "string"}}}),
            "responses": {**_ok(201, {"type": "object", "required": ["seat", "seat_token"]}),
                          **_error_responses(400, 401, 403, 404, 409, 413, 415, 429, 503)},
        }},
        "/api/sessions/{session_id}/events": {"post": {
            "summary": "Enter what happened at the table: the answer is the new seq and what the "
                       "event did; the new state is read at its view_url",
            "parameters": [session_id],
            "security": BEARER,
            "requestBody": _body({
                "type": "object", "required": ["event", "expected_seq"],
                "properties": {"event": any_event, "expected_seq": expected_seq,
                               "client_id": {"type": "string", "minLength": 1, "maxLength": 64}},
                "additionalProperties": False,
            }),
            "responses": {**_ok(200, {"$ref": "#/components/schemas/Written"}),
                          **_error_responses(*WRITE_ERRORS, refused=(409, 422))},
        }},
        "/api/sessions/{session_id}/log": {"get": {
            "summary": "Every entry of the log, undone ones marked",
            "parameters": [session_id, seat_param],
            "security": [{}, {"token": []}],
            "responses": {**_ok(200, {"$ref": "#/components/schemas/Log"}),
                          **_error_responses(400, 401, 403, 404, 503)},
        }},
        "/api/sessions/{session_id}/export": {"get": {
            "summary": "The whole game as one document that /api/sessions/import accepts",
            "parameters": [session_id],
            "security": [{}, {"token": []}],
            "responses": {**_ok(200, {"type": "object", "required": ["format", "game", "log"]}),
                          **_error_responses(401, 403, 404, 503)},
        }},
        "/api/sessions/import": {"post": {
            "summary": "A new game from an export: one signed by this deployment is restored "
                       "from its states; any other has its log replayed to check it (413 "
                       "import_too_long past MAX_IMPORT_REPLAY events applied)",
            "requestBody": _body({
                "type": "object", "required": ["format", "game", "players", "log"],
                "properties": {"format": {"const": "tableside-session/1"},
                               "game": {"enum": list(games)}, "players": {"type": "array"},
                               "options": {"type": "object"}, "position": {},
                               "log": {"type": "array", "items": LOG_ITEM},
                               "rules_version": {"type": "integer"}, "state": {"type": "object"},
                               "checkpoints": {"type": "object"},
                               "signature": {"type": "string"}},
            }),
            "responses": {**_ok(201, {"allOf": [{"$ref": "#/components/schemas/SessionView"}],
                                      "required": ["edit_token"]}),
                          **_error_responses(400, 404, 413, 415, 429, 503)},
        }},
        "/api/score/{game_id}": {"post": {
            "summary": "The end-of-game calculator: a cited breakdown, winners and tie-breaks",
            "parameters": [_path_param("game_id", "a game with a calculator",
                                       {"enum": [g.game_id for g in scored]})],
            "requestBody": _body({"anyOf": [{"$ref": f"#/components/schemas/{names[g.game_id]}"
                                                     "Tallies"} for g in scored]}),
            "responses": {**_ok(200, {"type": "object"}),
                          **_error_responses(400, 404, 413, 415)},
        }},
    }
    for kind in ("undo", "redo"):
        paths[f"/api/sessions/{{session_id}}/{kind}"] = {"post": {
            "summary": f"{kind.capitalize()} the last event ({kind} is an entry of the log)",
            "parameters": [session_id],
            "security": BEARER,
            "requestBody": _body({"type": "object", "properties": {
                "expected_seq": expected_seq,
                "client_id": {"type": "string", "minLength": 1, "maxLength": 64}},
                "additionalProperties": False}, required=False),
            "responses": {**_ok(200, {"$ref": "#/components/schemas/Written"}),
                          **_error_responses(*WRITE_ERRORS, refused=(409,))},
        }}
    if campaigns:
        paths.update(campaign_paths(games, campaigns, schemas))
    return {
        "openapi": "3.1.0",
        "info": {"title": "Tableside", "version": "1",
                 "description": "Rules lookup, refereeing and scoring beside a real board game. "
                                "Every error is {\"error\": {\"code\", \"message\", \"field\"?}}."},
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {"token": {
                "type": "http", "scheme": "bearer",
                "description": "the table's edit token, a seat token, or (to claim a seat) a "
                               "join token"}},
        },
    }


CAMPAIGN = {
    "type": "object",
    "required": ["id", "game", "players", "quests"],
    "properties": {
        "id": {"type": "string"}, "game": {"type": "string"}, "players": {"type": "array"},
        "options": {"type": "object"}, "rulings": {"type": "object"},
        "quests": {"type": "array", "items": {
            "type": "object",
            "required": ["number", "quest", "session_id", "carry_over", "start", "now", "over"],
            "properties": {"number": {"type": "integer", "minimum": 1},
                           "quest": {"type": "string"}, "session_id": {"type": "string"},
                           "carry_over": {"type": "array",
                                          "items": {"$ref": "#/components/schemas/Effect"}},
                           "start": {"type": "object"}, "now": {"type": "object"},
                           "over": {"type": "boolean"}}}},
    },
}


def campaign_paths(games: dict[str, type[Referee]], campaigns: dict, schemas: dict) -> dict:
    """The campaigns' operations (referee/campaign_api.py), their bodies from each game's campaign
    rules."""
    schemas["Campaign"] = CAMPAIGN
    setups = []
    for game_id, rules in campaigns.items():
        name = _name(game_id)
        game = games[game_id]
        setup = copy.deepcopy(schemas[f"{name}Setup"])
        setup["properties"].pop("position")
        setup["properties"]["options"]["properties"].pop("quest", None)
        setup["properties"]["anyone_enters"] = {"type": "boolean"}
        setup["properties"]["rulings"] = {
            "type": "object", "additionalProperties": False,
            "properties": {option_name: {**copy.deepcopy(option.schema),
                                         "description": option.description}
                           for option_name, option in rules.options.items()}}
        start = copy.deepcopy(rules.start_schema)
        start["properties"]["position"] = copy.deepcopy(game.position_schema or {})
        schemas[f"{name}CampaignQuest"] = start
        setup["properties"]["first"] = {"$ref": f"#/components/schemas/{name}CampaignQuest"}
        schemas[f"{name}CampaignSetup"] = setup
        setups.append(name)
    campaign_id = _path_param("campaign_id", "a campaign's id, as its create answer gave it")
    return {
        "/api/campaigns": {"post": {
            "summary": "Start a campaign: sessions played back to back (the answer carries its "
                       "edit token, the edit token of each of its sessions)",
            "requestBody": _body({"oneOf": [{"$ref": f"#/components/schemas/{n}CampaignSetup"}
                                            for n in setups]}),
            "responses": {**_ok(201, {"allOf": [{"$ref": "#/components/schemas/Campaign"}],
                                      "required": ["edit_token"]}),
                          **_error_responses(400, 404, 413, 415, 422, 429, 503, refused=(422,))},
        }},
        "/api/campaigns/{campaign_id}": {"get": {
            "summary": "A campaign and its progress: each session, what it carried, where it "
                       "stands",
            "parameters": [campaign_id],
            "responses": {**_ok(200, {"$ref": "#/components/schemas/Campaign"}),
                          **_error_responses(404, 503)},
        }},
        "/api/campaigns/{campaign_id}/quests": {"post": {
            "summary": "The campaign's next session, set up from the end of the one before (what "
                       "carries over, what is given between them, each with its rule)",
            "parameters": [campaign_id],
            "security": BEARER,
            "requestBody": _body({"oneOf": [{"$ref": f"#/components/schemas/{n}CampaignQuest"}
                                            for n in setups]}),
            "responses": {**_ok(201, {"allOf": [{"$ref": "#/components/schemas/SessionView"}],
                                      "required": ["campaign", "number", "join_token"]}),
                          **_error_responses(*WRITE_ERRORS, refused=(422,))},
        }},
        "/api/campaigns/{campaign_id}/quests/{number}/seats": {"post": {
            "summary": "A phone keeps its seat in the campaign's next session: the seat token it "
                       "held in an earlier session opens the same seat, kept for it",
            "parameters": [campaign_id, _path_param("number", "the session's place in the "
                                                    "campaign (1 = its first Quest)",
                                                    {"type": "integer", "minimum": 1})],
            "security": BEARER,
            "responses": {**_ok(201, {"type": "object",
                                      "required": ["id", "number", "seat", "name", "seat_token"],
                                      "properties": {"id": {"type": "string"},
                                                     "number": {"type": "integer"},
                                                     "seat": {"type": "string"},
                                                     "name": {"type": "string"},
                                                     "seat_token": {"type": "string"}}}),
                          **_error_responses(*WRITE_ERRORS)},
        }},
    }
