"""Quest 2 - Rescue: Cho Hakkai Unconscious at the start, three Sutras, two Gates."""

from __future__ import annotations

from referee.core import Citation, Option, SetupError, citations

from . import (
    Quest,
    all_of,
    any_of,
    facts,
    gates_closed,
    holds,
    pilgrim_killed,
    possessors,
    prayer_of_sealing_held,
    printed_in,
    sutras_available,
)
from .common import borrack_unique, minion_deck

Q_DECK = ("Create a simple Demon Deck containing just the reinforcement cards for Minion Demons "
          "(Bull Warriors, Bull Archers, Bullserkers, and Bull Generals).")
Q_UNIQUE = ("If a Bull General is in play and another Bull General Demon Card is drawn, discard "
            "it and draw another.")
Q_ENDS = ("The Quest ends immediately when both Map Tiles are free of Demons or when one of the "
          "Pilgrims, including Cho Hakkai, dies.")
Q_HEROIC = ("Heroic Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) seal at least 1 Gate, "
            "(3) possess at least 2 Sutra Tokens, (4) a Pilgrim must advance to 10 Good Karma and "
            "(5) a Pilgrim must advance to 10 Bad Karma.")
Q_VICTORY = "Victory: The Pilgrims must (1) Revive Cho Hakkai, (2) possess at least 2 Sutra Tokens."
Q_DEFEAT = ("Defeat: A Pilgrim was Killed or the Pilgrims cleared all the Demons before meeting "
            "either set of Victory Conditions.")
Q_SUTRA_HELD = ("Remove the Sutra Token from the Map Tile and place it near the Pilgrim's Profile "
                "Sheet.")
Q_CHO_DOWN = ("Cho Hakkai is unconscious, face down, with his base in the location shown (point "
              "him towards the Demons, so Tripitaka can get to his base easily).")
Q_INITIATIVE = ("Assign the initiative as follows (first Pilgrim) Monkey, Monk Sha, Tripitaka, "
                "Cho Hakkai (last Pilgrim).")
NEEDED = 2
LAST_TURN_UNREVIVED = 3  # face down, then on his side, then on his back, then dead


def held_for_the_victory(game) -> int:
    """Sutra Tokens that count as the Pilgrims' (the `q2_sutras` ruling)."""
    held = [p["sutras"] for p in possessors(game)]
    if game.option("q2_sutras") == "combined":
        return sum(held)
    return max(held, default=0)


def sutras_out_of_reach(game) -> bool:
    return sutras_available(game) < NEEDED


def cho_revived(game) -> bool:
    return "cho_hakkai" in facts(game)["revived"]


def cho_dead(game) -> bool:
    return game.G["pilgrims"]["cho_hakkai"]["status"] == "dead"


REVIVE = holds("Revive Cho Hakkai", cho_revived, cho_dead)
SUTRAS = holds("possess at least 2 Sutra Tokens",
               lambda game: held_for_the_victory(game) >= NEEDED, sutras_out_of_reach)


def victory_met(game) -> bool:
    return cho_revived(game) and held_for_the_victory(game) >= NEEDED


class Rescue(Quest):
    key = "q2"
    number = 2
    title = "Quest 2 - Rescue"
    board = {"gates": 2, "sutras": 3, "villagers": 1, "wells": 1, "demons": {"berrok": 3}}
    past_facts = ("good_karma_10", "bad_karma_10")
    options = {
        "q2_sutras": Option(
            "Quest 2 table ruling: \"possess at least 2 Sutra Tokens\". \"combined\": the "
            "Pilgrims' combined total (the band possesses them); \"one_pilgrim\": one Pilgrim "
            "holds 2 (each Sutra is placed by one Pilgrim's Profile Sheet).",
            {"enum": ["combined", "one_pilgrim"]}, "combined",
            citations("journey", Q_VICTORY, Q_SUTRA_HELD)),
    }
    rules = (minion_deck(printed_in(title, Q_DECK)), borrack_unique(printed_in(title, Q_UNIQUE)))
    ends = (any_of("end", Q_ENDS,
                   holds("both Map Tiles are free of Demons", lambda game: not game.G["demons"]),
                   pilgrim_killed("one of the Pilgrims, including Cho Hakkai, dies")),)
    heroic = all_of(
        "heroic_victory", Q_HEROIC, REVIVE,
        holds("seal at least 1 Gate", lambda game: gates_closed(game) >= 1,
              lambda game: sutras_available(game) == 0 and not prayer_of_sealing_held(game)),
        holds("possess at least 2 Sutra Tokens",
              lambda game: held_for_the_victory(game) >= NEEDED,
              lambda game: sutras_available(game) < NEEDED + (
                  gates_closed(game) == 0 and not prayer_of_sealing_held(game))),
        holds("a Pilgrim must advance to 10 Good Karma",
              lambda game: bool(facts(game)["good_karma_10"])),
        holds("a Pilgrim must advance to 10 Bad Karma",
              lambda game: bool(facts(game)["bad_karma_10"])))
    victory = all_of("victory", Q_VICTORY, REVIVE, SUTRAS)
    defeats = (any_of("defeat", Q_DEFEAT, pilgrim_killed("a Pilgrim was Killed"),
                      holds("the Pilgrims cleared all the Demons before meeting either set of "
                            "Victory Conditions",
                            lambda game: not game.G["demons"] and not victory_met(game))),)

    @classmethod
    def check_entered(cls, G, position):
        """At Turn 1 Cho Hakkai is set up Unconscious, face down (finding 85): entered standing,
        dead or turned, the position is refused with the Board Setup's sentence."""
        cho = (position.get("pilgrims") or {}).get("cho_hakkai") or {}
        if G["turn"] == 1 and (cho.get("hp", 0) > 0 or cho.get("status", "unconscious") != "unconscious"
                               or cho.get("posture", "face_down") != "face_down"):
            raise SetupError(f"{cls.title} at Turn 1: he starts at 0 Health Points; enter a "
                             "later Turn for a game joined after his Revive",
                             "position.pilgrims.cho_hakkai", Citation("journey", Q_CHO_DOWN))

    @classmethod
    def prepare(cls, G, options, entered):
        cls.fix_initiative(G, options, ["monkey_king", "monk_sha", "tripitaka", "cho_hakkai"],
                           "the initiative is Monkey, Monk Sha, Tripitaka, Cho Hakkai", Q_INITIATIVE)
        cls.starting_skill(G, options, "tripitaka", "Shining Seal")
        cls.starting_skill(G, options, "monk_sha", "Healing Fellowship")
        cho = G["pilgrims"]["cho_hakkai"]
        if G["turn"] == 1 and cho["status"] == "active":
            cho.update(hp=0, status="unconscious", posture="face_down")
        elif G["turn"] > 1 and (cho["status"] == "active" or (
                cho["status"] == "unconscious" and G["turn"] > LAST_TURN_UNREVIVED)):
            # joined at a later Turn: only a Revive brings him back (and, never revived, he died at
            # the Maintenance of Turn 3, turned each Maintenance from face down)
            G["quest_state"]["facts"]["revived"].append("cho_hakkai")


QUEST = Rescue
