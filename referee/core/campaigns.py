"""Campaigns: sessions of one game played back to back, each starting from the end of the one before
(Journey's "Back to Back Game Play": the Quests in order, the Pilgrims carried between them).

A campaign is its setup (players, the options every session shares, its own table rulings) and the
list of its sessions in order. Starting the next session is one write transaction that locks the
campaign row, reads the state the last session ended in, asks the game's campaign rules for the next
setup (what carries over, what is given between sessions; a refusal quotes its rule), and inserts
the new session and its place in the campaign. The campaign's edit token is the edit token of every
session in it: the phone that holds it runs the whole campaign; each session still has its own join
link for the other phones.

Seats go on with the campaign: every seat claimed in a session is kept for its phone in the next
one (claimed there by a token nobody holds, so no join link can take it). The phone that held the
seat opens it with its old seat token (`keep_seat`) and gets the new session's seat token; only the
table can give a kept seat to another phone (`replace`, as in any session). A campaign may be
created with its first session (`first`): both are checked before anything is written.

A game's campaign rules (e.g. `referee.journey.campaign.Campaign`) provide: `game_id`, `options`
(table rulings, `Option`s), `start_schema` (the JSON Schema of a request to start the next session),
`next_setup(previous, body, rulings, shared) -> (options, position, carry)` (`shared`: the campaign's
options, which the session's options then override one level deep), `next_quests(previous,
rulings)` (what may start next), `summary(G)` (what the campaign page shows of a state) and
`quest_label(quest)`.
"""

from __future__ import annotations

import hmac
import secrets

from . import engine
from .rules import BadRequest, Citation
from .sessions import (
    SESSION_ID_ALPHABET,
    SESSION_ID_LENGTH,
    Forbidden,
    NotFound,
    SeatTaken,
    Sessions,
    _log_entries,
    _refuse_unknown,
    show_effects,
    token_hash,
)


class CampaignMoved(BadRequest):
    """The client's `expected_quests` is not the campaign's number of Quests: answered 409."""

    def __init__(self, quests: int):
        super().__init__(f"the campaign has moved on: it has {quests} Quest"
                         f"{'s' * (quests != 1)} now", "expected_quests", code="campaign_moved")


def new_id() -> str:
    return "".join(secrets.choice(SESSION_ID_ALPHABET) for _ in range(SESSION_ID_LENGTH))


class Campaigns:
    def __init__(self, sessions: Sessions, rules: dict):
        self.sessions = sessions
        self.store = sessions.store
        self.rules = rules

    def rules_of(self, game_id) -> object:
        if not isinstance(game_id, str) or game_id not in self.rules:
            raise NotFound(f"no campaign rules for game {game_id!r}; games with campaigns: "
                           f"{', '.join(self.rules)}")
        return self.rules[game_id]

    # -- create ------------------------------------------------------------------------------------

    def create(self, body: dict) -> dict:
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object")
        _refuse_unknown(body, {"game", "players", "options", "rulings", "anyone_enters", "first"})
        if not isinstance(body.get("game"), str):
            raise BadRequest("game is the id of a game with campaigns: "
                             f"{', '.join(self.rules)}", "game")
        rules = self.rules_of(body["game"])
        game = self.sessions.game(rules.game_id)
        options = body.get("options")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise BadRequest("options must be an object", "options")
        if "quest" in options:
            raise BadRequest("each session of a campaign names its own quest when it starts",
                             "options.quest")
        setup = engine.check_setup(game, {"players": body.get("players"), "options": options,
                                          "anyone_enters": body.get("anyone_enters", False)})
        rulings = body.get("rulings")
        if rulings is None:
            rulings = {}
        if not isinstance(rulings, dict):
            raise BadRequest("rulings must be an object", "rulings")
        unknown = sorted(set(rulings) - set(rules.options))
        if unknown:
            raise BadRequest(f"unknown ruling {unknown[0]!r}; campaigns have: "
                             f"{', '.join(sorted(rules.options)) or 'none'}", f"rulings.{unknown[0]}")
        chosen = {}
        for name, option in rules.options.items():
            chosen[name] = rulings.get(name, option.default)
            engine.check_schema(option.schema, chosen[name], f"rulings.{name}")
        stored = {"players": setup.players, "options": options, "rulings": chosen,
                  "anyone_enters": setup.anyone_enters}
        first = body.get("first")
        if first is not None:  # the first Quest is checked before the campaign is written
            engine.check_schema(rules.start_schema, first, "first")
            self._next(rules, stored, None, first, "first.")
        token = secrets.token_urlsafe(24)
        campaign_id = new_id()
        self.store.create_campaign(campaign_id, game.game_id, token_hash(token), stored)
        if first is None:
            return {"edit_token": token, **self.get(campaign_id)}
        started = self.start(campaign_id, token, first)
        return {"edit_token": token, **self.get(campaign_id), "first": started}

    # -- read ----------------------------------------------------------------------------------------

    def _row(self, campaign_id: str, conn=None, for_update: bool = False) -> dict:
        row = self.store.campaign(campaign_id, conn, for_update)
        if row is None:
            raise NotFound(f"no campaign {campaign_id!r}")
        return row

    def _state(self, session_id: str, conn=None):
        """The session's model now (from its snapshot, or replayed)."""
        row = self.store.session(session_id, conn)
        return self.sessions._model(row, lambda: _log_entries(self.store.entries(session_id, conn)))

    def get(self, campaign_id: str) -> dict:
        """The campaign and its Pilgrims' progress: each session with what it started from (the
        carry-over, with its rules) and where it stands now. Nothing in it is hidden: a game with
        hidden information shows what a spectator sees."""
        with self.store.read() as conn:
            row = self._row(campaign_id, conn)
            quests = self.store.campaign_quests(campaign_id, conn)
            states = {q["session_id"]: self._state(q["session_id"], conn) for q in quests}
        rules = self.rules_of(row["game"])
        out = []
        for quest in quests:
            model = states[quest["session_id"]]
            seen = model.visible_state(None)
            carry = quest["carry_over"]
            out.append({
                "number": quest["number"], "quest": quest["quest"],
                "title": rules.quest_label(quest["quest"]), "session_id": quest["session_id"],
                "carry_over": show_effects(row["game"], carry["effects"]),
                "upgrades": carry["upgrades"], "start": carry["start"],
                "now": rules.summary(seen), "over": model.game_over,
                "result": _result(row["game"], seen.get("result")),
            })
        previous = None
        if quests:
            last = states[quests[-1]["session_id"]]
            previous = {"quest": quests[-1]["quest"], "G": last.G, "over": last.game_over}
        return {
            "next": rules.next_quests(previous, row["setup"]["rulings"]),
            "id": campaign_id, "game": row["game"], "players": row["setup"]["players"],
            "options": row["setup"]["options"], "rulings": row["setup"]["rulings"],
            "anyone_enters": row["setup"]["anyone_enters"], "quests": out,
            "rules": {name: option.to_json() for name, option in rules.options.items()},
        }

    # -- the next session ---------------------------------------------------------------------------

    def start(self, campaign_id: str, token: str | None, body: dict) -> dict:
        if not isinstance(body, dict):
            raise BadRequest("the body must be a JSON object naming the quest")
        with self.store.write() as conn:
            row = self._row(campaign_id, conn, for_update=True)
            if not token:
                raise Forbidden("the campaign's edit token is needed to start its next session",
                                401)
            if not hmac.compare_digest(token_hash(token), row["token_hash"]):
                raise Forbidden("this token does not open this campaign", 403)
            rules = self.rules_of(row["game"])
            engine.check_schema(rules.start_schema, body, "")
            expected = body.get("expected_quests")
            if expected is not None and expected != row["quests"]:
                raise CampaignMoved(row["quests"])
            quests = self.store.campaign_quests(campaign_id, conn)
            previous = None
            if quests:
                last = quests[-1]
                model = self._state(last["session_id"], conn)
                previous = {"quest": last["quest"], "G": model.G, "over": model.game_over}
            game, setup, model, carry = self._next(rules, row["setup"], previous, body)
            session_id, join_token = new_id(), secrets.token_urlsafe(24)
            self.store.insert_session(conn, session_id, game.game_id, row["token_hash"],
                                      token_hash(join_token), setup.to_json(), model.snapshot(),
                                      game.rules_version)
            if quests:
                carry["seats"] = self._keep_seats(conn, quests[-1]["session_id"], session_id)
            number = row["quests"] + 1
            carry["start"] = rules.summary(model.visible_state(None))
            self.store.add_campaign_quest(conn, campaign_id, number, session_id, body["quest"],
                                          carry)
            described = self.sessions._describe(session_id, game, setup, model, 0)
        return {"campaign": campaign_id, "number": number, "join_token": join_token,
                "carry_over": show_effects(game.game_id, carry["effects"]),
                "upgrades": carry["upgrades"], "seats_kept": sorted(carry.get("seats", {})),
                **described}

    def _next(self, rules, stored: dict, previous: dict | None, body: dict, field: str = ""):
        """The next session, checked and started (not yet written): (game, setup, model, carry).
        `field` is where `body` is in the request (an error names its options there)."""
        game = self.sessions.game(rules.game_id)
        # the request's own options are checked before the game's campaign rules read them (a
        # Demon Profile that is not an object was a 500 where they merge it into the campaign's)
        engine.check_options(game, body.get("options"), field + "options")
        options, position, carry = rules.next_setup(previous, body, stored["rulings"],
                                                  stored["options"])
        setup = engine.check_setup(game, {
            "players": stored["players"], "options": {**stored["options"], **options},
            "position": position or None, "anyone_enters": stored["anyone_enters"]})
        return game, setup, engine.start(game, setup), carry

    # -- seats go on with the campaign ----------------------------------------------------------------

    def _keep_seats(self, conn, before: str, session_id: str) -> dict[str, str]:
        """Every seat claimed in the session before is claimed in the new one by a token nobody
        holds, kept for the phone that held it: {seat: that token's hash}."""
        kept = {}
        for seat in self.store.seat_claims(conn, before):
            kept[seat] = token_hash(secrets.token_urlsafe(24))
            self.store.add_token(conn, session_id, kept[seat], "seat", seat)
        return kept

    def keep_seat(self, campaign_id: str, number: int, token: str | None) -> dict:
        """The phone that held a seat in an earlier session of the campaign (`token`: its seat token
        there) takes the same seat in session `number`, where it was kept for it: it gets that
        session's seat token. Refused when the seat was given to another phone since."""
        if not token:
            raise Forbidden("the seat token of an earlier Quest of this campaign is needed", 401)
        hashed = token_hash(token)
        with self.store.write() as conn:
            self._row(campaign_id, conn, for_update=True)
            quests = self.store.campaign_quests(campaign_id, conn)
            if not isinstance(number, int) or not 1 <= number <= len(quests):
                raise NotFound(f"campaign {campaign_id!r} has no Quest {number!r}")
            target = quests[number - 1]
            held = None  # (index of the Quest where the token holds its seat, the seat)
            for index in range(number - 2, -1, -1):
                claims = self.store.seat_claims(conn, quests[index]["session_id"])
                seat = next((s for s, h in claims.items() if hmac.compare_digest(h, hashed)), None)
                if seat is not None:
                    held = index, seat
                    break
            if held is None:
                raise Forbidden("this token holds no seat in an earlier Quest of this campaign", 403)
            index, seat = held
            row = self.store.lock(conn, target["session_id"])
            for later in quests[index + 1:number]:  # kept all the way, never given to another phone
                kept = later["carry_over"].get("seats", {}).get(seat)
                claims = self.store.seat_claims(conn, later["session_id"])
                if kept is None or claims.get(seat) != kept:
                    raise SeatTaken(seat)
            self.store.revoke_token(conn, target["carry_over"]["seats"][seat])
            seat_token = secrets.token_urlsafe(24)
            self.store.add_token(conn, target["session_id"], token_hash(seat_token), "seat", seat)
        name = next(p["name"] for p in row["setup"]["players"] if p["seat"] == seat)
        return {"id": target["session_id"], "number": number, "seat": seat, "name": name,
                "seat_token": seat_token}

    def of_session(self, session_id: str) -> dict | None:
        """{"campaign", "number", "quests"} of the campaign a session belongs to, or None."""
        found = self.store.campaign_of(session_id)
        if found is None:
            return None
        row = self._row(found["campaign_id"])
        return {"campaign": found["campaign_id"], "number": found["number"],
                "quests": row["quests"]}


def _result(game_id: str, result: dict | None) -> dict | None:
    if not result:
        return None
    shown = {"outcome": result["outcome"], "text": result["text"]}
    if result.get("quote"):
        shown["rule"] = Citation(game_id, result["quote"]).to_json()
    return shown
