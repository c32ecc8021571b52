"""Special rules several Quests print in the same words, as guards made for each Quest's quote."""

from __future__ import annotations

from referee.core import cites


def minion_deck(quote: str):
    """"Create a simple Demon Deck containing just the reinforcement cards for Minion Demons": no
    Unique (Demon Lord) card and no Special card can be drawn."""

    @cites(quote)
    def minion_deck_only(game, event):
        return (event["type"] != "spawn" or event["card"] not in ("unique", "special")
                or f"This Quest's Demon Deck holds only Minion reinforcement cards: a "
                   f"{event['card']} card cannot be drawn (from the full deck: discard it and "
                   "draw again).")

    return minion_deck_only


def no_demon_lord_cards(quote: str):
    """"removing the special cards that spawn Demon Lords": no Spawn Demon Lord, and no Unique
    card unless the table rules the Unique cards kept (simple_deck_unique_cards)."""

    @cites(quote)
    def no_demon_lord_spawn(game, event):
        if event["type"] != "spawn":
            return True
        if event["card"] == "unique" and game.option("simple_deck_unique_cards") == "removed":
            return ("The cards that spawn Demon Lords are removed from this Quest's Demon Deck "
                    "(from the full deck: discard it and draw again).")
        if event["card"] == "special" and "demon lord" in (event.get("name") or "").lower():
            return (f"{event['name']} spawns a Demon Lord: it is removed from this Quest's Demon "
                    "Deck.")
        return True

    return no_demon_lord_spawn


def borrack_unique(quote: str):
    """"Borrack is Unique": a Bull General card drawn while a Bull General is in play is discarded
    and another drawn (he may respawn once removed)."""

    @cites(quote)
    def borrack_is_unique(game, event):
        if event["type"] != "spawn" or "borrack" not in (event.get("demons") or []):
            return True
        in_play = [d for d, demon in game.G["demons"].items() if demon["type"] == "borrack"]
        drawn = event["demons"].count("borrack")
        if in_play or drawn > 1:
            return (f"Borrack, the Bull General, is unique and {', '.join(in_play) or 'one'} is "
                    "in play: discard the card and draw another.")
        return True

    return borrack_is_unique


def kei_lun_acts_by_his_own_event(quote: str, own_event: str):
    """Kei Lun's attacks are his one Action of the turn, entered with the Quest's own event: a
    table that also listed him as a Neutral Creature could otherwise enter them twice (the Quest's
    only Neutral Creature is Kei Lun, whatever the table named him)."""

    @cites(quote)
    def kei_lun_attacks_with_his_action(game, event):
        return (event["type"] != "creature_attack"
                or f"In this Quest Kei Lun's attacks are his one Action of the turn, entered with "
                   f"{own_event} (not as a Neutral Creature's attack).")

    return kei_lun_attacks_with_his_action
