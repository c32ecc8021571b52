"""Quest 8 - Iron Fan's Interruption: no Demon Deck; Iron Fan (Yazuiji) respawns with set allies at
the start of the Demon Phase after each Defeat, taking every Demon with her, for no Karma; the
Quest ends at her fourth Defeat."""

from __future__ import annotations

from collections import Counter

from referee.core import BadRequest, Citation, SetupError

from ..profiles import demon_name
from . import (
    ALL_SURVIVE,
    Q_ONE_UPGRADE,
    TRIPITAKA_KILLED,
    TRIPITAKA_SURVIVES,
    Quest,
    all_of,
    any_of,
    holds,
    printed_in,
)
from .q06_kogaiji import defeated, place, remove_defeated

Q_NO_DECK = "Respawn Iron Fan: Do not use the Demon Deck to spawn Demons each Demon Phase."
Q_REMOVE_ALL = "When Iron Fan is Defeated, remove any other Demons on the board."
Q_RESPAWN = ("Complete the Pilgrims' turn (Resting, Meditating, and Moving, for example) and then "
             "respawn Iron Fan with new allies at the start of the next Demon Phase:")
Q_FIRST = "First Respawn: Place 4 Bull Archers, then Iron Fan."
Q_SECOND = "Second Respawn: Place 3 Bullserkers, then Iron Fan."
Q_THIRD = "Third Respawn: Place 2 Generals, then Iron Fan."
Q_NO_KARMA = ("Iron Fan and her minions are removed as soon as she is Defeated. She is not Killed "
              "or Cleansed, so do not take Karma Points for her or the minions removed when she "
              "is removed.")
Q_ENDS = ("Game play ends when Iron Fan is defeated the fourth time, or when Tripitaka is "
          "Killed.")
Q_HEROIC = "Heroic Victory: All the Pilgrims survive."
Q_VICTORY = "Victory: Tripitaka survives."
Q_DEFEAT = "Defeat: Tripitaka is Killed."
RESPAWNS = ((Q_FIRST, ("bharhaz",) * 4), (Q_SECOND, ("boof",) * 3), (Q_THIRD, ("borrack",) * 2))
DEFEATS_TO_WIN = 4


def state(game) -> dict:
    return game.G["quest_state"]


FOURTH_DEFEAT = holds("Iron Fan is defeated the fourth time",
                      lambda game: state(game)["defeats"] >= DEFEATS_TO_WIN)


class IronFan(Quest):
    key = "q8"
    number = 8
    title = "Quest 8 - Iron Fan's Interruption"
    upgrades, upgrades_quote = 1, printed_in(title, Q_ONE_UPGRADE)
    board = {"gates": 1, "boxes": 1, "wells": 1, "demons": {"berrok": 5, "yazuiji": 1}}
    setup_schema = {
        "type": "object",
        "properties": {"defeats": {
            "type": "integer", "minimum": 0, "maximum": DEFEATS_TO_WIN - 1,
            "description": "Quest 8: Iron Fan's Defeats so far (a game joined mid-way; default "
                           "0). With Iron Fan off the board, she respawns at the next Demon "
                           "Phase."}},
        "additionalProperties": False,
    }
    ends = (any_of("end", Q_ENDS, FOURTH_DEFEAT, TRIPITAKA_KILLED),)
    heroic = all_of("heroic_victory", Q_HEROIC, ALL_SURVIVE)
    victory = all_of("victory", Q_VICTORY, TRIPITAKA_SURVIVES)
    defeats = (all_of("defeat", Q_DEFEAT, TRIPITAKA_KILLED),)

    forbidden_events = {"spawn": Q_NO_DECK}

    @classmethod
    def prepare(cls, G, options, entered):
        defeats = entered.get("defeats", 0)
        if defeats and G["turn"] == 1:
            raise BadRequest("Iron Fan has not been Defeated before Turn 1: enter her Defeats with "
                             "a position at a later Turn", "options.quest_setup.defeats")
        away = not any(demon["type"] == "yazuiji" for demon in G["demons"].values())
        if G["turn"] > 1:
            cls.demons_her_respawns_placed(G, defeats, away)
        G["quest_state"].update({"defeats": defeats, "respawn_due": bool(defeats) and away})
        for gate in G["gates"].values():  # the Gate draws no Demon Card
            if gate["status"] == "active":
                gate["status"] = "inactive"

    @classmethod
    def demons_her_respawns_placed(cls, G, defeats, away):
        """A game joined mid-way (finding 87): no Demon Deck, so the Demons on the board are the
        Board Setup's before her first Defeat, her last respawn's after it, and none between her
        Defeat and her respawn ("When Iron Fan is Defeated, remove any other Demons on the
        board.")."""
        on_board = Counter(demon["type"] for demon in G["demons"].values())
        if defeats == 0:
            allowed, quote = cls.board["demons"], Q_NO_DECK
            when = "before Iron Fan's first Defeat, the Board Setup's"
        elif away:
            allowed, quote = {}, Q_REMOVE_ALL
            when = (f"after her Defeat {defeats}, none until she respawns at the next Demon "
                    "Phase")
        else:
            respawn, allies = RESPAWNS[defeats - 1]
            allowed, quote = {**Counter(allies), "yazuiji": 1}, respawn
            when = f"after her Defeat {defeats}, her respawn's"
        beyond = any(n > allowed.get(kind, 0) for kind, n in on_board.items())
        if beyond or (defeats == 0 and away):  # never Defeated, she has not left the board
            words = ", ".join(f"{allowed.get(kind, 0)} {demon_name(kind)}" for kind in allowed)
            have = ", ".join(f"{n} {demon_name(kind)}" for kind, n in sorted(on_board.items()))
            raise SetupError(f"{cls.title}: the Demons on the board are {when} "
                             f"({words or 'no Demon'}); the position has {have or 'no Demon'}",
                             "position.demons", Citation("journey", quote))

    @classmethod
    def after_event(cls, game, event=None):
        iron_fan = defeated(game, "yazuiji")
        if iron_fan is not None:
            others = [d for d in game.G["demons"] if d != iron_fan]
            remove_defeated(game, iron_fan, Q_NO_KARMA, *others)
            state(game)["defeats"] += 1
            n = state(game)["defeats"]
            game.effect(f"Iron Fan is Defeated ({n} of {DEFEATS_TO_WIN}): she and "
                        f"{len(others)} other Demon{'s' * (len(others) != 1)} are removed, with no "
                        "Karma.", Q_NO_KARMA)
            if others:
                game.effect(f"{', '.join(others)} removed.", Q_REMOVE_ALL)
            if n < DEFEATS_TO_WIN:
                state(game)["respawn_due"] = True
                game.effect("The Pilgrims complete their turn; she respawns at the start of the "
                            "next Demon Phase.", Q_RESPAWN)
        super().after_event(game, event)

    @classmethod
    def on_phase(cls, game, phase):
        if phase == "demons_spawn" and game.G["result"] is None:
            game.effect("No Demon Card is drawn: the Gate spawns nothing.", Q_NO_DECK)
        if phase == "demons_spawn" and state(game)["respawn_due"] and game.G["result"] is None:
            state(game)["respawn_due"] = False
            quote, allies = RESPAWNS[state(game)["defeats"] - 1]
            placed = []
            for kind in (*allies, "yazuiji"):
                ident = place(game, kind)
                placed.append(ident)
            game.effect(f"Iron Fan respawns: {', '.join(placed)} placed.", quote)
        super().on_phase(game, phase)


QUEST = IronFan
