"""A Ravenous Player's turn: Movement (up to two tiles, free, restricted), Combat (each Traveler on
the tile once, one die per Hunger), the mandatory Retreat, and the Hunger that follows."""

from __future__ import annotations

from referee.core import cites

from .board import CITIES, RAVENOUS, RAVENOUS_STEPS, TRAVELER
from .quotes import (
    Q_FAQ_CITY,
    Q_FLIP_IMPLIED,
    Q_RAVENOUS_COMBAT,
    Q_RAVENOUS_DICE,
    Q_RAVENOUS_FREE,
    Q_RAVENOUS_LOSE,
    Q_RAVENOUS_MOVE,
    Q_RAVENOUS_NO_PICKUP,
    Q_RAVENOUS_ONCE,
    Q_RAVENOUS_RESTRICT,
    Q_RAVENOUS_TIE,
    Q_RAVENOUS_WIN,
    Q_RETREAT,
    Q_RETREAT_HUNGER,
)


class RavenousMixin:

    # -- Movement ----------------------------------------------------------------------------------

    @cites(Q_RAVENOUS_MOVE)
    def ravenous_path(self, event):
        path = event["path"]
        if len(path) > RAVENOUS_STEPS:
            return f"A Ravenous Traveler moves up to two tiles, not {len(path)}."
        at = self.here(event["player"])
        for n, name in enumerate(path):
            tile = self.tile(name, f"event.path[{n}]")
            if name not in self.G["tiles"][at]["adjacent"] or tile["removed"]:
                return f"{name} is not adjacent to {at}: move one tile at a time."
            at = name
        return True

    @cites(Q_FLIP_IMPLIED)
    def ravenous_does_not_flip(self, event):
        """A Ravenous move or Retreat entered with a tile turned face up."""
        if "reveal" not in event:
            return True
        flipped = [event["to"]] if event["type"] == "retreat" else list(event["reveal"])
        return (f"A Ravenous Traveler does not flip face-down tiles: {', '.join(flipped)} stays "
                "as it lay.")

    @cites(Q_RAVENOUS_FREE)
    def ravenous_pays_nothing(self, event):
        """A Ravenous move or Retreat entered with a Travel Cost paid, in Resources or Ailments."""
        paid = [f"{n} {kind.replace('_', ' ')}" for field in ("pay", "ailments")
                for kind, n in (event.get(field) or {}).items() if n]
        return not paid or f"A Ravenous Traveler pays no Travel Cost: {', '.join(paid)} not taken."

    @cites(Q_RAVENOUS_NO_PICKUP)
    def ravenous_picks_nothing_up(self, event):
        """A Ravenous move or Retreat entered with tokens drawn for a Bag Draw token picked up."""
        return (not event.get("draws")
                or "A Ravenous Traveler picks nothing up: no Bag Draw token is taken, nothing is "
                   "drawn from the Exploration Bag.")

    @cites(Q_RAVENOUS_RESTRICT)
    def ravenous_may_enter(self, event):
        for name in event["path"]:
            self.check_ravenous_may_enter(name)
        return True

    def do_ravenous_move(self, event):
        seat, path = event["player"], event["path"]
        player = self.G["players"][seat]
        if path:
            player["tile"] = path[-1]
            self.effect(f"{self.player_name(seat)} (Ravenous) moves {' → '.join(path)}, paying "
                        "nothing.", Q_RAVENOUS_FREE)
            self.effect("Nothing on those tiles is picked up; a face-down tile stays face down.",
                        Q_RAVENOUS_NO_PICKUP)
        else:
            self.effect(f"{self.player_name(seat)} (Ravenous) stays on {player['tile']}.",
                        Q_RAVENOUS_MOVE)
        self.go_on("ravenous_combat")

    # -- Combat ------------------------------------------------------------------------------------

    @cites(Q_RAVENOUS_COMBAT)
    def ravenous_target_here(self, event):
        seat, other = event["player"], event["target"]
        target = self.seat_playing(other, "event.target")
        if other == seat:
            return "A Ravenous Traveler attacks an opponent."
        if target["status"] == RAVENOUS and not self.option("ravenous_attacks_ravenous"):
            raise self.violation(f"{self.player_name(other)} is Ravenous too (table option "
                                 "ravenous_attacks_ravenous).", Q_RAVENOUS_WIN)
        if target["status"] not in (TRAVELER, RAVENOUS):
            return f"{self.player_name(other)} is not on the Game Board."
        if target["tile"] != self.here(seat):
            return f"{self.player_name(other)} is on {target['tile']}, not on your tile."
        if self.G["tiles"][target["tile"]]["kind"] in CITIES:
            raise self.violation(f"{self.player_name(other)} is in "
                                 f"{self.G['tiles'][target['tile']]['kind']}.", Q_FAQ_CITY)
        return True

    @cites(Q_RAVENOUS_ONCE)
    def ravenous_once_each(self, event):
        if event["target"] in self.G["turn"]["attacked"]:
            return f"You already attacked {self.player_name(event['target'])} this turn."
        return True

    @cites(Q_RAVENOUS_DICE)
    def ravenous_dice_count(self, event):
        self.check_dice(event["player"], event["dice"], "event.dice")
        self.check_dice(event["target"], event["target_dice"], "event.target_dice",
                        against_ravenous=True)
        return True

    def do_ravenous_attack(self, event):
        seat, other = event["player"], event["target"]
        mine, theirs = self.result(event["dice"]), self.result(event["target_dice"])
        self.G["turn"]["attacked"].append(other)
        self.effect(f"Ravenous Combat: {self.player_name(seat)} {mine}, {self.player_name(other)} "
                    f"{theirs}.", Q_RAVENOUS_DICE)
        if mine > theirs:
            self.ravenous_feeds(seat, other)
        elif mine < theirs:
            self.effect(f"{self.player_name(seat)} loses and must begin the Retreat Phase.",
                        Q_RAVENOUS_LOSE)
            self.go_on("ravenous_retreat")
        else:
            self.effect("A tie: nothing happens.", Q_RAVENOUS_TIE)

    def ravenous_feeds(self, seat: str, other: str) -> None:
        """A Ravenous Traveler won a Combat against the Traveler `other`."""
        player = self.G["players"][seat]
        player["hunger"] = max(0, player["hunger"] - 1)
        self.effect(f"{self.player_name(seat)} wins and removes one Hunger "
                    f"({player['hunger']} left).", Q_RAVENOUS_WIN)
        target = self.G["players"][other]
        if target["status"] == RAVENOUS:
            self.effect(f"{self.player_name(other)} is Ravenous: there is no Companion to "
                        "discard.", Q_RAVENOUS_WIN)
        elif target["companions"] == 0 and \
                self.option("ravenous_beats_no_companion") == "nothing":
            self.effect(f"{self.player_name(other)} has no Companion to discard (table option "
                        "ravenous_beats_no_companion).", Q_RAVENOUS_WIN)
        else:
            self.perish(other, "lost to a Ravenous Traveler", Q_RAVENOUS_WIN)

    def do_end_combat(self, event):
        self.effect("The Combat Phase is over: the Retreat Phase begins.", Q_RETREAT)
        self.go_on("ravenous_retreat")

    # -- Retreat -----------------------------------------------------------------------------------

    def retreat_options(self, seat: str) -> list[str]:
        here = self.here(seat)
        out = []
        for name in self.G["tiles"][here]["adjacent"]:
            tile = self.G["tiles"][name]
            if tile["removed"] or tile["kind"] in ("Cedar Falls", "Newhaven") or (
                    tile["face_up"] and tile["trading_post"]):
                continue
            out.append(name)
        return out

    @cites(Q_RETREAT)
    def retreat_adjacent(self, event):
        seat, to = event["player"], event["to"]
        here = self.here(seat)
        tile = self.tile(to)
        if to == here:
            if self.retreat_options(seat):
                return "The Retreat Phase moves you to an adjacent tile: you cannot stay."
            return True
        if to not in self.G["tiles"][here]["adjacent"] or tile["removed"]:
            return f"{to} is not adjacent to {here}."
        self.check_ravenous_may_enter(to)
        return True

    def do_retreat(self, event):
        seat, to = event["player"], event["to"]
        player = self.G["players"][seat]
        if to == player["tile"]:
            self.effect(f"No tile adjacent to {to} can be entered: {self.player_name(seat)} stays.",
                        Q_RETREAT)
        else:
            player["tile"] = to
            self.effect(f"{self.player_name(seat)} retreats to {to}.", Q_RETREAT)
        if self.option("ravenous_hunger") == "after_retreat":
            self.ravenous_hunger(seat, "after the Retreat Phase", Q_RETREAT_HUNGER)
        else:
            self.effect("The turn ends.", Q_RETREAT_HUNGER)
        self.end_turn()
