"""Pillars of Fate: resolving an Age's lanes (power, icons, dominant suit, winner, reward, the Divine
cards that score), shared by the referee's live scores and the calculator; the score sheet."""

from __future__ import annotations

from ..core.rules import Citation
from .rules import (
    DIVINE_DATA,
    FIRST_CARD_MODIFIERS,
    GLOSSARY,
    LANES,
    MODIFIERS,
    Q_AWARD,
    Q_DIVINE_FACE_UP,
    Q_FACE_DOWN,
    Q_GAME_END,
    Q_MOST,
    Q_TIEBREAK,
    Q_TIES,
    ROMAN,
    SEATS,
    other,
    seat_word,
)

# -- the lane arithmetic, shared by the referee and the calculator -------------------------------


def capacity(modifier: str | None, lane: str, options: dict) -> int:
    """Cards each player may play into a lane."""
    if lane != "center" or modifier not in ("two_cards", "four_cards"):
        return 3
    number = 2 if modifier == "two_cards" else 4
    return number if options["lane_size_modifiers"] == "per_player" else number // 2


def face_down_limit(lanes: list[dict], modifier: str | None, seat: str, lane: dict,
                    options: dict) -> tuple[int, str]:
    """How many face-down cards may lie in `lane` when `seat` lays one, and the sentence that says
    so: the modifier's 2 in the center, Naka's 2 in its owner's other lanes (for its owner, or
    for both players under naka_second_place=lane), else 1."""
    if lane["name"] == "center" and modifier == "two_face_down":
        return 2, MODIFIERS["two_face_down"]
    whose = SEATS if options["naka_second_place"] == "lane" else (seat,)
    if any(card.get("divine") == "Naka" for other_lane in lanes if other_lane is not lane
           for owner in whose for card in other_lane["cards"][owner]):
        return 2, GLOSSARY["Naka"]
    return 1, Q_FACE_DOWN


def face_down_count(lane: dict, options: dict, seat: str | None = None) -> int:
    """Face-down cards in a lane that count toward its limit (one player's, or both)."""
    return sum(1 for s in ([seat] if seat else SEATS) for card in lane["cards"][s]
               if card["face"] == "down"
               and (options["face_down_divine_counts"] or not card.get("divine")))


def face_down_refusal(lanes: list[dict], modifier: str | None, options: dict, seat: str,
                      lane: dict, card: dict) -> tuple[str, str] | None:
    """Why `seat` may not lay `card` face down in `lane` as the lanes lie now: (what is wrong, the
    sentence that forbids it), or None. The one face-down check of a play, a position and the
    calculator (`face_down_excess`)."""
    if card.get("divine") and card.get("face_up_icon"):
        return f"{card['divine']} carries the icon that says it must be played face up.", \
            Q_DIVINE_FACE_UP
    if card.get("divine") and not options["face_down_divine_counts"]:
        return None
    per_player = options["face_down_limit"] == "per_player"
    down = face_down_count(lane, options, seat if per_player else None)
    limit, quote = face_down_limit(lanes, modifier, seat, lane, options)
    if down < limit:
        return None
    whose = f"{seat_word(seat)} has" if per_player else "the lane has"
    return (f"{whose} {down} face-down card{'s' * (down != 1)} in the {lane['name']} lane "
            f"already; {limit} may be played face down."), quote


def face_down_excess(lanes: list[dict], modifier: str | None,
                     options: dict) -> tuple[str, str, str] | None:
    """The face-down cards of finished or entered lanes (a position, a tally) checked by
    `face_down_refusal` as if laid one at a time — in the order that allows the most (a player
    whose limit is higher lays last; a Naka counts as laid before): (what is wrong, the sentence,
    the field under `lanes`), or None. The order of plays is not entered, so a limit broken by
    several cards names them all ("Sun's 2nd and Moon's 1st"): which one was laid last, and so
    was the mistake, is the table's to say; the field names the one checked last."""
    for li, lane in enumerate(lanes):
        laid = [(seat, i, card) for seat in SEATS for i, card in enumerate(lane["cards"][seat])
                if card["face"] == "down"]
        laid.sort(key=lambda entry: face_down_limit(lanes, modifier, entry[0], lane,
                                                    options)[0])
        partial = {**lane, "cards": {seat: [] for seat in SEATS}}
        partial_lanes = [partial if other is lane else other for other in lanes]
        counted = []  # (seat, position) of the face-down cards laid so far that the limit counts
        for seat, i, card in laid:
            printed = DIVINE_DATA["cards"].get(card.get("divine"), {})
            shown = {**card, "face_up_icon": card.get("face_up_icon",
                                                      printed.get("face_up_icon", False))}
            refusal = face_down_refusal(partial_lanes, modifier, options, seat, partial, shown)
            if refusal:
                message, quote = refusal
                if shown["face_up_icon"] and card.get("divine"):
                    what = (f"{seat_word(seat)}'s face-down card at position {i + 1} of the "
                            f"{LANES[li]} lane cannot lie there")
                else:
                    per_player = options["face_down_limit"] == "per_player"
                    together = [(s, n) for s, n in counted if s == seat or not per_player]
                    what = (f"the face-down cards of the {LANES[li]} lane — " + " and ".join(
                        f"{seat_word(s)}'s at position {n + 1}" for s, n in [*together, (seat, i)])
                        + " — together break its limit")
                return f"{what}: {message}", quote, f"{LANES[li]}.{seat}[{i}]"
            partial["cards"][seat].append(card)
            if options["face_down_divine_counts"] or not card.get("divine"):
                counted.append((seat, i))
    return None


def _printed(card: dict, own_text: bool = True) -> dict:
    """A card's own values once revealed (face-down Klar and Arbiter read differently, unless
    `own_text` is False: their text is then applied later by `_own_text`)."""
    values = {"power": card["power"], "feathers": card["feathers"],
              "scorpions": card["scorpions"], "notes": []}
    if own_text:
        _own_text(card, values)
    return values


def _own_text(card: dict, values: dict) -> None:
    """Face-down Klar's power -1, face-down Arbiter's 4 scorpions."""
    if card.get("face") == "down" and card.get("divine") == "Klar":
        values["power"] = -1
        values["notes"].append(("Klar face down: power -1", GLOSSARY["Klar"]))
    if card.get("face") == "down" and card.get("divine") == "Arbiter":
        values["feathers"], values["scorpions"] = 0, 4
        values["notes"].append(("Arbiter face down: 4 scorpions", GLOSSARY["Arbiter"]))


def _reverse(values: dict) -> None:
    values["feathers"], values["scorpions"] = values["scorpions"], values["feathers"]


class Resolver:
    """The lanes of one Age resolved as the rules print them, with what a viewer may not see
    left out (`hidden(seat, lane_index, position_index)`): who wins each lane if it ended now."""

    def __init__(self, lanes: list[dict], modifier: str | None, options: dict,
                 first_player: str | None, hidden=None, choices: dict | None = None):
        self.lanes = lanes
        self.modifier = modifier
        self.options = options
        self.first_player = first_player
        self.hidden = hidden or (lambda seat, li, i: False)
        self.choices = choices or {}

    def _known(self, seat, li):
        return [(i, card) for i, card in enumerate(self.lanes[li]["cards"][seat])
                if not self.hidden(seat, li, i)]

    def _divine_at(self, seat, name):
        """(lane index, position) of a known Divine card of `seat`, or None."""
        for li in range(3):
            for i, card in self._known(seat, li):
                if card.get("divine") == name:
                    return li, i
        return None

    def card_values(self, seat: str, li: int) -> list[dict | None]:
        lane = self.lanes[li]
        own = lane["cards"][seat]
        modifier_first = self.options["first_card_modifier_order"] == "modifier_first"
        values: list[dict | None] = []
        for i, card in enumerate(own):
            if self.hidden(seat, li, i):
                values.append(None)
            elif card.get("divine") == "Invictus":
                values.append(self._invictus(seat, li, i))
            else:
                values.append(_printed(card, own_text=not modifier_first))
        if modifier_first:
            self._first_card_modifier(seat, li, values)
            for card, value in zip(own, values, strict=True):
                if value is not None and card.get("divine") != "Invictus":
                    _own_text(card, value)
        for i, value in enumerate(values):
            if value is not None:
                self._texts(seat, li, i, value)
        if not modifier_first:
            self._first_card_modifier(seat, li, values)
        return values

    def _texts(self, seat: str, li: int, i: int, value: dict) -> None:
        """The Divine texts on `seat`'s card at position i of lane li: its owner's Saghari, Aponi
        and Belan in the lane, then the opponent's Pentha and Isabel opposite it."""
        divine = {card.get("divine"): n for n, card in self._known(seat, li) if card.get("divine")}
        if "Saghari" in divine and i != divine["Saghari"] and value["power"] == 3:
            value["power"] = 7
            value["notes"].append(("Saghari: 3 becomes 7", GLOSSARY["Saghari"]))
        if "Aponi" in divine and i != divine["Aponi"] and value["power"] == 8:
            value["power"] = 2
            value["notes"].append(("Aponi: 8 becomes 2", GLOSSARY["Aponi"]))
        if "Belan" in divine and (i != divine["Belan"] or self.options["belan_includes_itself"]):
            _reverse(value)
            value["notes"].append(("Belan: suit reversed", GLOSSARY["Belan"]))
        for j, card in self._known(other(seat), li):
            if card.get("divine") not in ("Pentha", "Isabel"):
                continue
            target = j if self.options["opposite"] == "same_position" else \
                (card["opposite"] - 1 if card.get("opposite") else None)
            if target != i:
                continue
            if card["divine"] == "Pentha":
                value["power"] = 0
                value["notes"].append(("opposite Pentha: power 0", GLOSSARY["Pentha"]))
            elif value["feathers"] or value["scorpions"]:
                _reverse(value)
                value["notes"].append(("opposite Isabel: suit reversed", GLOSSARY["Isabel"]))

    def _first_card_modifier(self, seat: str, li: int, values: list[dict | None]) -> None:
        """The center's first-card modifier on `seat`'s first card there (and an Invictus copying
        it under invictus_first_card=modified)."""
        lane, own = self.lanes[li], self.lanes[li]["cards"][seat]
        exchanged_in = (own and own[0].get("exchanged")
                        and self.options["sorcerer_first_place"] == "played_only")
        if lane["name"] == "center" and self.modifier in FIRST_CARD_MODIFIERS and values \
                and values[0] is not None and not exchanged_in \
                and (self.options["first_card"] == "each_player" or lane.get("first") == seat):
            changed = [values[0]]
            if self.options["invictus_first_card"] == "modified":
                changed += [values[i] for i, card in enumerate(own)
                            if card.get("divine") == "Invictus" and values[i] is not None
                            and i and self._invictus_target(card, i) == 0]
            quote = MODIFIERS[self.modifier]
            for value in changed:
                if self.modifier == "double_power":
                    value["power"] *= 2
                elif self.modifier == "double_suit":
                    value["feathers"] *= 2
                    value["scorpions"] *= 2
                elif self.modifier == "no_power":
                    value["power"] = 0
                else:
                    value["feathers"] = value["scorpions"] = 0
                value["notes"].append((quote.rstrip("."), quote))

    def _invictus_target(self, card, i) -> int:
        """The position index Invictus (at index i > 0 of its column) copies."""
        if self.options["invictus_copies"] == "named" and card.get("copies"):
            return card["copies"] - 1
        return i - 1

    def _invictus(self, seat, li, i):
        if i == 0:
            return {"power": 0, "feathers": 0, "scorpions": 0,
                    "notes": [("Invictus played first: a 0 card", GLOSSARY["Invictus"])]}
        target = self._invictus_target(self.lanes[li]["cards"][seat][i], i)
        if self.hidden(seat, li, target) or target >= i:
            return None
        copied = self.lanes[li]["cards"][seat][target]
        if self.options["invictus_copies_texts"] == "printed":
            value = _printed(copied)
        else:  # as it stands: the copied card with the Divine texts on it (not the modifier)
            value = (self._invictus(seat, li, target) if copied.get("divine") == "Invictus"
                     else _printed(copied))
            if value is None:
                return None
            self._texts(seat, li, target, value)
        value["notes"].append((f"Invictus copies position {target + 1}", GLOSSARY["Invictus"]))
        return value

    def lane(self, li: int) -> dict:
        """One lane: each side's power and icons, the dominant suit, the winner, the reward."""
        lane = self.lanes[li]
        name = lane["name"]
        sides = {}
        for seat in SEATS:
            values = self.card_values(seat, li)
            known = [v for v in values if v is not None]
            power = sum(v["power"] for v in known)
            notes = [note for v in known for note in v["notes"]]
            eradan = self._divine_at(seat, "Eradan")
            if eradan and eradan[0] != li:
                bonus = 2 if self.options["eradan_power"] == "lane_total" else 2 * len(known)
                power += bonus
                notes.append((f"Eradan: +{bonus} power", GLOSSARY["Eradan"]))
            sides[seat] = {"power": power, "feathers": sum(v["feathers"] for v in known),
                           "scorpions": sum(v["scorpions"] for v in known),
                           "hidden": len(values) - len(known), "cards": len(values),
                           "values": values, "notes": notes}
        bonus, lane_notes = {"feathers": 0, "scorpions": 0}, []
        for seat in SEATS:
            steward = self._divine_at(seat, "Steward")
            if not steward or steward[0] == li or (
                    self.options["steward_reach"] == "adjacent" and abs(steward[0] - li) > 1):
                continue
            left = li < steward[0]
            if self.options["steward_sides"] == "owner" and seat == "moon":
                left = not left
            suit = "scorpions" if left else "feathers"
            to_lane = self.options["steward_icons_to"] == "lane"
            (bonus if to_lane else sides[seat])[suit] += 2
            note = (f"{seat_word(seat)}'s Steward: a lane to its {'left' if left else 'right'}, "
                    f"+2 {suit}{' to the lane' if to_lane else ''}", GLOSSARY["Steward"])
            (lane_notes if to_lane else sides[seat]["notes"]).append(note)

        decider = lane.get("pillar")
        if decider is None and self.options["unheld_pillar_ties"] == "first_player":
            decider = self.first_player
        least = name == "center" and self.modifier == "least_power"
        a, b = sides["sun"]["power"], sides["moon"]["power"]
        winner, power_tie = None, a == b
        if not power_tie:
            winner = ("sun" if a < b else "moon") if least else ("sun" if a > b else "moon")
        elif (name, "power") in self.choices:
            winner = self.choices[(name, "power")]
        if self.options["dominant_suit"] == "both":
            feathers = sides["sun"]["feathers"] + sides["moon"]["feathers"] + bonus["feathers"]
            scorpions = sides["sun"]["scorpions"] + sides["moon"]["scorpions"] + bonus["scorpions"]
            suit_known = True
        else:
            counted = sides[winner] if winner else {"feathers": 0, "scorpions": 0}
            feathers = counted["feathers"] + bonus["feathers"]
            scorpions = counted["scorpions"] + bonus["scorpions"]
            suit_known = winner is not None
        suit, suit_tie = None, False
        if suit_known:
            if feathers != scorpions:
                suit = "feathers" if feathers > scorpions else "scorpions"
            else:
                suit_tie = True
                suit = self.choices.get((name, "suit"))
        quest = lane.get("quest")
        reward = None
        if quest and suit:
            reward = quest["feather" if suit == "feathers" else "scorpion"]
        return {"lane": name, "sides": sides, "bonus": bonus, "notes": lane_notes,
                "feathers": feathers,
                "scorpions": scorpions, "suit": suit, "suit_tie": suit_tie,
                "winner": winner, "power_tie": power_tie, "least_power": least,
                "decider": decider, "pillar": lane.get("pillar"), "reward": reward,
                "hidden": sides["sun"]["hidden"] + sides["moon"]["hidden"]}

    def all_lanes(self) -> list[dict]:
        return [self.lane(li) for li in range(3)]

    def open_ties(self, results=None) -> list[dict]:
        """The ties the pillar holder must still break (power before suit: under the 'winner'
        ruling the suit is counted from the winner's icons)."""
        found = []
        for result in results or self.all_lanes():
            if result["decider"] is None:
                continue
            if result["power_tie"] and result["winner"] is None:
                found.append({"lane": result["lane"], "tie": "power", "holder": result["decider"]})
            elif result["suit_tie"] and result["suit"] is None:
                found.append({"lane": result["lane"], "tie": "suit", "holder": result["decider"]})
        return found

    def awards(self, results=None) -> list[dict]:
        """Every renown change of the Age, each with its rule: quests, then the Divine cards."""
        results = results or self.all_lanes()
        lines = []
        for result in results:
            name, winner, reward = result["lane"], result["winner"], result["reward"]
            if winner is None:
                why = ("power tied and nobody holds the pillar" if result["power_tie"]
                       else "no winner")
                lines.append({"seat": None, "label": f"{name} quest: {why}", "points": 0,
                              "quote": Q_TIES})
                continue
            if reward is None:
                lines.append({"seat": winner, "label": f"{name} quest won; suits tied and nobody "
                              "holds the pillar: no reward", "points": 0, "quote": Q_TIES})
            else:
                to = winner
                if reward < 0 and self.options["quest_reward_to"] == "negative_to_loser":
                    to = other(winner)
                verb = "won" if to == winner else "lost"
                lines.append({"seat": to, "label": f"{name} quest {verb}, {result['suit']} "
                              "dominate", "points": reward, "quote": Q_AWARD})
            for seat in SEATS:
                for card in self.lanes[LANES.index(name)]["cards"][seat]:
                    divine = card.get("divine")
                    if divine == "Prophet" and winner == seat:
                        lines.append({"seat": seat, "label": f"Prophet: won the {name} lane",
                                      "points": 5, "quote": GLOSSARY["Prophet"]})
                    if divine == "Hadria" and winner == other(seat):
                        lines.append({"seat": winner, "label": f"Hadria: won the {name} lane "
                                      "where the opponent's Hadria lies", "points": -5,
                                      "quote": GLOSSARY["Hadria"]})
        unwon_lost = self.options["mother_to_all_unwon"] == "lost"
        for seat in SEATS:
            if self._divine_at(seat, "Mother to All") and all(
                    r["winner"] == other(seat) or (unwon_lost and r["winner"] is None)
                    for r in results):
                lines.append({"seat": seat, "label": "Mother to All: lost all quest lanes",
                              "points": 10, "quote": GLOSSARY["Mother to All"]})
        return lines



def apply_awards(renown: dict, lines: list[dict], options: dict) -> list[dict]:
    """Add each award to the renown (under the renown floor ruling); the lines as applied."""
    applied = []
    for line in lines:
        line = dict(line)
        seat = line["seat"]
        if seat:
            before = renown[seat]
            after = before + line["points"]
            if options["renown_floor"] == "zero" and after < 0:
                after = 0
                line["label"] += f" ({line['points']:+d}, renown cannot fall below 0)"
            line["points"] = after - before
            renown[seat] = after
        applied.append(line)
    return applied


def lane_summary(result: dict) -> dict:
    """A lane's result as JSON: what a player checks."""
    return {
        "lane": result["lane"],
        "power": {seat: result["sides"][seat]["power"] for seat in SEATS},
        "feathers": {seat: result["sides"][seat]["feathers"] for seat in SEATS},
        "scorpions": {seat: result["sides"][seat]["scorpions"] for seat in SEATS},
        "cards": {seat: result["sides"][seat]["cards"] for seat in SEATS},
        "hidden": {seat: result["sides"][seat]["hidden"] for seat in SEATS},
        "values": {seat: [None if v is None else {"power": v["power"], "feathers": v["feathers"],
                                                  "scorpions": v["scorpions"],
                                                  "notes": [n for n, _q in v["notes"]]}
                          for v in result["sides"][seat]["values"]] for seat in SEATS},
        "notes": {seat: [n for n, _q in result["sides"][seat]["notes"]] for seat in SEATS},
        "bonus": result["bonus"], "lane_notes": [n for n, _q in result["notes"]],
        "total_feathers": result["feathers"], "total_scorpions": result["scorpions"],
        "suit": result["suit"], "suit_tie": result["suit_tie"],
        "winner": result["winner"], "power_tie": result["power_tie"],
        "least_power": result["least_power"],
        "pillar": result["pillar"], "decider": result["decider"], "reward": result["reward"],
    }


def final_result(renown: dict, last_age: dict, options: dict) -> dict:
    best = max(renown.values())
    leaders = [seat for seat in SEATS if renown[seat] == best]
    if len(leaders) == 1:
        return {"winners": leaders, "text": f"{seat_word(leaders[0])} has the most renown.",
                "quote": Q_MOST, "tie_break": None}
    pillars = {seat: 0 for seat in SEATS}
    for holder in last_age["pillars"].values():
        if holder is None and options["unheld_pillar_at_end"] == "first_player":
            holder = last_age["first_player"]
        if holder:
            pillars[holder] += 1
    tie_break = f"pillars in Age III: Sun {pillars['sun']}, Moon {pillars['moon']}"
    if pillars["sun"] != pillars["moon"]:
        winner = "sun" if pillars["sun"] > pillars["moon"] else "moon"
        return {"winners": [winner], "text": f"Renown is tied at {best}; {seat_word(winner)} has "
                f"more pillars in the last round.", "quote": Q_TIEBREAK, "tie_break": tie_break}
    if options.get("tie_past_pillars", "no_winner") == "shared":
        return {"winners": list(SEATS), "text": f"Renown is tied at {best} and so are the "
                "pillars: a shared win (table ruling tie_past_pillars).", "quote": Q_TIEBREAK,
                "tie_break": tie_break}
    return {"winners": [], "text": f"Renown is tied at {best} and so are the pillars: the book "
            "names no winner past its tie-breaker, so nobody wins (table ruling "
            "tie_past_pillars: 'shared' makes both winners).", "quote": Q_TIEBREAK,
            "tie_break": tie_break}


def score_sheet(renown, ages, name_of, result, lanes, progress, unchecked=None) -> dict:
    """`unchecked`: per seat, (label, quote) of rules the entry left the referee unable to check
    for that player, a line of 0 points at the end of the player's breakdown."""
    cite = lambda quote: Citation("pillars-of-fate", quote).to_json()  # noqa: E731
    players = []
    for seat in SEATS:
        breakdown = [{"label": f"Age {ROMAN[age['age']]} · {line['label']}",
                      "points": line["points"], "rule": cite(line["quote"])}
                     for age in ages for line in age["lines"] if line["seat"] == seat]
        earned = sum(line["points"] for line in breakdown)
        if renown[seat] != earned:
            breakdown.insert(0, {"label": "renown before this position", "points":
                                 renown[seat] - earned, "rule": cite(Q_AWARD)})
        breakdown += [{"label": label, "points": 0, "rule": cite(quote)}
                      for label, quote in (unchecked or {}).get(seat, [])]
        players.append({"seat": seat, "name": name_of(seat), "total": renown[seat],
                        "breakdown": breakdown})
    if result:
        decided = {"text": result["text"], "rule": cite(result["quote"])}
        if result["tie_break"]:
            decided["tie_break"] = result["tie_break"]
        winners = result["winners"]
    else:
        decided, winners = {"text": progress, "rule": cite(Q_GAME_END)}, []
    return {"players": players, "winners": winners, "decided_by": decided, "lanes": lanes,
            "ages": [{"age": age["age"], "lanes": age["lanes"], "pillars": age["pillars"],
                      "renown": {seat: sum(line["points"] for line in age["lines"]
                                           if line["seat"] == seat) for seat in SEATS}}
                     for age in ages]}
