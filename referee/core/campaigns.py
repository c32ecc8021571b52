"""Campaigns: sessions of one game played back to back, each starting from the end of the one before
(Journey's "Back to Back Game Play": the Quests in order, the Pilgrims carried between them).

A campaign is its setup (players, the options every session shares, its own table rulings) and the
list of its sessions in order. Starting the next session is one write transaction that locks the
campaign row, reads the state the last session ended in, asks the game's campaign rules for the next
setup (what carries over, what is given between sessions; a refusal quotes its rule), and inserts
the new session and its place in the campaign. The campaign's edit token is the edit token of every
session in it: the phone that holds it runs the whole campaign; each session still has its own join
link for the other phones.

A game's campaign rules (e.g. `referee.journey.campaign.Campaign`) provide: `game_id`, `options`
(table rulings, `Option`s), `start_schema` (the JSON Schema of a request to start the next session),
`next_setup(previous, body, rulings) -> (options, position, carry)`, `next_quests(previous,
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
        _refuse_unknown(body, {"game", "players", "options", "rulings", "anyone_enters"})
        rules = self.rules_of(body.get("game"))
        game = self.sessions.game(rules.game_id)
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise BadRequest("options must be an object", "options")
        if "quest" in options:
            raise BadRequest("each session of a campaign names its own quest when it starts",
                             "options.quest")
        setup = engine.check_setup(game, {"players": body.get("players"), "options": options,
                                          "anyone_enters": body.get("anyone_enters", False)})
        rulings = body.get("rulings") or {}
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
        token = secrets.token_urlsafe(24)
        campaign_id = new_id()
        self.store.create_campaign(campaign_id, game.game_id, token_hash(token), {
            "players": setup.players, "options": options, "rulings": chosen,
            "anyone_enters": setup.anyone_enters})
        return {"edit_token": token, **self.get(campaign_id)}

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
            options, position, carry = rules.next_setup(previous, body, row["setup"]["rulings"])
            game = self.sessions.game(row["game"])
            setup = engine.check_setup(game, {
                "players": row["setup"]["players"],
                "options": {**row["setup"]["options"], **options},
                "position": position or None, "anyone_enters": row["setup"]["anyone_enters"]})
            model = engine.start(game, setup)
            session_id, join_token = new_id(), secrets.token_urlsafe(24)
            self.store.insert_session(conn, session_id, game.game_id, row["token_hash"],
                                      token_hash(join_token), setup.to_json(), model.snapshot(),
                                      game.rules_version)
            number = row["quests"] + 1
            carry["start"] = rules.summary(model.visible_state(None))
            self.store.add_campaign_quest(conn, campaign_id, number, session_id, body["quest"],
                                          carry)
            described = self.sessions._describe(session_id, game, setup, model, 0)
        return {"campaign": campaign_id, "number": number, "join_token": join_token,
                "carry_over": show_effects(game.game_id, carry["effects"]),
                "upgrades": carry["upgrades"], **described}


def _result(game_id: str, result: dict | None) -> dict | None:
    if not result:
        return None
    shown = {"outcome": result["outcome"], "text": result["text"]}
    if result.get("quote"):
        shown["rule"] = Citation(game_id, result["quote"]).to_json()
    return shown
