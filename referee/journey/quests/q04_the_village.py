"""Quest 4 - The Village: Kogaiji behind his desk, four Villagers, six doors."""

from __future__ import annotations

from referee.core import cites

from . import Quest, all_of, any_of, facts, holds, printed_in
from .common import no_demon_lord_cards

Q_DECK = "Create a simple Demon Deck by removing the special cards that spawn Demon Lords."
Q_KOGAIJI = ("Kogaiji's Actions: Kogaiji rants and will attack anyone in his attack range, but he "
             "will not move from behind his desk under any circumstances.")
Q_ENDS = ("The game play ends when the Pilgrims attack Kogaiji for the first time or when a "
          "Pilgrim is Defeated.")
Q_HEROIC = ("Heroic Victory: The Pilgrims must (1) rescue all the Villagers and then (2) attack "
            "Kogaiji.")
Q_VICTORY = "Victory: The Pilgrims must (1) attack Kogaiji."
Q_DEFEAT = "Defeat: A Pilgrim was Defeated before they attack Kogaiji."


def kogaiji(game) -> list[str]:
    return [d for d, demon in game.G["demons"].items() if demon["type"] == "kogaiji"]


def attacked_kogaiji(game) -> bool:
    return any(target.startswith("kogaiji") for target in facts(game)["attacked"])


def a_pilgrim_defeated(game) -> bool:
    return any(p["status"] != "active" for p in game.G["pilgrims"].values())


@cites(Q_KOGAIJI)
def kogaiji_never_moves(game, event):
    """His options, and the moves a card or a Knock Back would give him: "Quest rules override
    Card rules" (Flood Gate), and a Follow is a Move."""
    if event["type"] == "flood_gate" and any(event["closer"].get(d) for d in kogaiji(game)):
        return ("Kogaiji will not move from behind his desk: the Flood Gate leaves him where he "
                "stands (Quest rules override Card rules).")
    if event["type"] == "follow" and event["attacker"] in kogaiji(game) and (
            event["steps"] or event.get("turns")):
        return "Kogaiji will not move from behind his desk: he does not Follow (0 steps)."
    if event["type"] != "demon_options" or event["demon"] not in kogaiji(game):
        return True
    moving = [n for n, option in enumerate(event["options"], 1) if "move" in option["actions"]]
    return (not moving
            or f"Option {moving[0]} moves Kogaiji: he only attacks those in his attack range.")


ATTACK = holds("attack Kogaiji", attacked_kogaiji)


class TheVillage(Quest):
    key = "q4"
    number = 4
    title = "Quest 4 - The Village"
    board = {"gates": 1, "villagers": 4, "wells": 1, "boxes": 1, "doors": 6, "broken_doors": 1,
             "demons": {"kogaiji": 1, "berrok": 2, "bharhaz": 3, "borrack": 2, "boof": 3}}
    tracks_villagers = True
    rules = (no_demon_lord_cards(printed_in(title, Q_DECK)), kogaiji_never_moves)
    ends = (any_of("end", Q_ENDS, holds("the Pilgrims attack Kogaiji for the first time",
                                        attacked_kogaiji),
                   holds("a Pilgrim is Defeated", a_pilgrim_defeated)),)
    heroic = all_of("heroic_victory", Q_HEROIC,
                    holds("rescue all the Villagers",
                          lambda game: all(v in facts(game)["rescued"]
                                           for v in game.G["quest_state"]["villagers"])),
                    ATTACK)
    victory = all_of("victory", Q_VICTORY, ATTACK)
    defeats = (all_of("defeat", Q_DEFEAT,
                      holds("a Pilgrim was Defeated before they attack Kogaiji",
                            lambda game: a_pilgrim_defeated(game) and not attacked_kogaiji(game))),)

    @classmethod
    def prepare(cls, G, options, entered):
        G["quest_state"]["villagers"] = [*G["tokens"]["villagers"], *cls.villagers_off_board(G)]

    @classmethod
    def after_event(cls, game, event=None):
        phase = game.G["demon_phase"]
        if (event and event["type"] == "demon_plan" and event["demon"] in kogaiji(game)
                and phase and phase["current"] is None):
            game.effect("No one is in Kogaiji's attack range: he does not move from behind his "
                        "desk.", Q_KOGAIJI)
        super().after_event(game, event)


QUEST = TheVillage
