"""A tiny game for testing the referee core without any real game's rules.

Two players alternately play a card of some power into one of three lanes; a lane holds three cards
per player; the game ends when every lane is full. The quotes are from the Pillars of Fate rulebook.
"""

from referee.core import EventType, Option, Referee, SetupError, cites

LANES = 3
CARDS_PER_LANE = 3


class Lanes(Referee):
    game_id = "pillars-of-fate"
    title = "Lanes (test game)"
    seats = ("sun", "moon")
    states = ["turn", "over"]
    transitions = [
        {"trigger": "play", "source": "turn", "dest": "over",
         "conditions": ["lane_has_room", "all_lanes_full_after"], "before": "place"},
        {"trigger": "play", "source": "turn", "dest": None, "after": "place_and_pass"},
    ]
    initial = "turn"
    event_types = {
        "play": EventType(
            "Play one card of the given power into a lane.",
            properties={"lane": {"type": "integer", "minimum": 1, "maximum": LANES},
                        "power": {"type": "integer", "minimum": 0, "maximum": 9}},
            required=("lane", "power"),
            example={"type": "play", "player": "sun", "lane": 1, "power": 3},
            chance=True,
        ),
    }
    options = {
        "double_power": Option("Every card counts double.", {"type": "boolean"}, False),
    }
    phase_rule = "First, play 1 card into any lane."
    turn_rule = "players alternate turns"
    end_rule = "An Age ends when each of the 3 lanes are full."
    example_setup = {"game": "pillars-of-fate", "players": ["Ann", "Bob"]}

    @classmethod
    def setup(cls, players, options, position):
        G = {"lanes": [{"sun": [], "moon": []} for _ in range(LANES)], "to_play": "sun"}
        if position is not None:
            for index, lane in enumerate(position.get("lanes", [])):
                for seat, cards in lane.items():
                    if len(cards) > CARDS_PER_LANE:
                        raise SetupError("a lane holds at most 3 cards per player",
                                         f"position.lanes[{index}].{seat}")
                    G["lanes"][index][seat] = list(cards)
        return G, "turn"

    def current_players(self):
        return [self.G["to_play"]]

    @cites("Each lane can hold up to 3 cards per player.")
    def lane_has_room(self, event):
        if len(self.G["lanes"][event["lane"] - 1][event["player"]]) >= CARDS_PER_LANE:
            return f"Lane {event['lane']} already holds 3 of your cards."
        return True

    def all_lanes_full_after(self, event):
        cards = sum(len(lane[seat]) for lane in self.G["lanes"] for seat in self.seats)
        return cards + 1 == LANES * CARDS_PER_LANE * 2

    def place(self, event):
        self.G["lanes"][event["lane"] - 1][event["player"]].append(event["power"])
        self.effect(f"{event['player']} played {event['power']} into lane {event['lane']}",
                    "First, play 1 card into any lane.")

    def place_and_pass(self, event):
        self.place(event)
        self.G["to_play"] = "moon" if event["player"] == "sun" else "sun"

    def choices(self):
        seat = self.G["to_play"]
        return [{"type": "play", "player": seat, "lane": lane + 1, "power": 1}
                for lane in range(LANES) if len(self.G["lanes"][lane][seat]) < CARDS_PER_LANE]

    def scores(self):
        factor = 2 if self.table_options["double_power"] else 1
        players = [{"seat": seat, "name": self.player_name(seat), "total": 0, "breakdown": []}
                   for seat in self.seats]
        for player in players:
            for number, lane in enumerate(self.G["lanes"], start=1):
                points = factor * sum(lane[player["seat"]])
                player["breakdown"].append({"label": f"lane {number}", "points": points,
                                            "rule": None})
                player["total"] += points
        best = max(player["total"] for player in players)
        leaders = [player["seat"] for player in players if player["total"] == best]
        return {"players": players, "winners": leaders if self.game_over else [],
                "decided_by": {"text": "the most power", "rule": self.cite(self.end_rule).to_json()}}
