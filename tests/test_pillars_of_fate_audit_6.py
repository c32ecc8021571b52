"""Sixth audit of the Pillars of Fate referee (session 10), through the HTTP API and the calculator
page: whole games at the book's one player count (two: the sun and moon decks) from the draft to the
end of Age III, with a first-card modifier in the center every Age and its first card laid face down,
against the calculator given the same lanes — through the API and through the page's form, filled and
sent as a browser sends it — and the center's "first card played by" against what the book says about
the pillar.

"If you are the first to place a face-up card in a lane, move the pillar to your side." — so the
player whose first card in a lane was the lane's first card, face up, holds its pillar.
"""

import random
import re
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.pillars_of_fate import Game
from tests.api_table import calculated, quotes_from
from tests.guard_cases.pillars_of_fate import filled
from tests.test_pillars_of_fate_audit import C, Q, Table, position

in_book = quotes_from("pillars-of-fate")
PILLAR = in_book("If you are the first to place a face-up card in a lane, move the pillar to your "
                 "side.")
DOUBLED = in_book("Each first card played will have its power doubled.")
LANES = ("left", "center", "right")
SEATS = ("sun", "moon")
PAGE = "/score/pillars-of-fate"


@pytest.fixture(scope="module")
def client(module_client):
    return module_client


# -- the calculator page's form, filled and sent as a browser sends it -------------------------------


class CalculatorForm(HTMLParser):
    """The controls of the page's form#calculator with what a browser sends untouched: an input's
    value, a checked box, a select's selected option (else its first)."""

    def __init__(self, html: str):
        super().__init__()
        self.inside, self.method, self.action = False, None, None
        self.fields: dict[str, str | None] = {}
        self.boxes: dict[str, str] = {}  # checkbox name -> the value it sends when ticked
        self.options: dict[str, list[str]] = {}
        self._select = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and attrs.get("id") == "calculator":
            self.inside, self.method, self.action = True, attrs["method"], attrs["action"]
        if not self.inside:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            if attrs.get("type") == "checkbox":
                self.boxes[name] = attrs.get("value", "on")
                self.fields[name] = self.boxes[name] if "checked" in attrs else None
            else:
                self.fields[name] = attrs.get("value", "")
        elif tag == "select":
            self._select = name
            self.options[name] = []
            self.fields[name] = None
        elif tag == "option" and self._select:
            value = attrs.get("value")
            self.options[self._select].append(value)
            if "selected" in attrs or self.fields[self._select] is None:
                self.fields[self._select] = value

    def handle_data(self, data):
        # an <option> without a value attribute sends its text
        if self._select and self.options[self._select] and self.options[self._select][-1] is None:
            self.options[self._select][-1] = data.strip()
            if self.fields[self._select] is None:
                self.fields[self._select] = data.strip()

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        if tag == "form":
            self.inside = False

    def fill(self, values: dict) -> dict:
        """The submission with `values` typed, ticked or picked; each must be a control of the
        page (a select's value one of its options)."""
        sent = dict(self.fields)
        for name, value in values.items():
            assert name in sent, f"the page has no field {name}"
            if name in self.boxes:
                sent[name] = self.boxes[name] if value else None
            else:
                if name in self.options:
                    assert str(value) in self.options[name], (name, value, self.options[name])
                sent[name] = str(value)
        return {name: value for name, value in sent.items() if value is not None}


def form_values(tallies: dict) -> dict:
    """The calculator's tallies as what a player types into the page."""
    values = {}
    for name, value in tallies.get("options", {}).items():
        values[f"options.{name}"] = value
    for a, age in enumerate(tallies["ages"]):
        values[f"ages.{a}.modifier"] = age["modifier"]
        if age.get("first_player"):
            values[f"ages.{a}.first_player"] = age["first_player"]
        for lane_name, lane in age["lanes"].items():
            prefix = f"ages.{a}.lanes.{lane_name}"
            values[f"{prefix}.quest.feather"] = lane["quest"]["feather"]
            values[f"{prefix}.quest.scorpion"] = lane["quest"]["scorpion"]
            if lane.get("pillar"):
                values[f"{prefix}.pillar"] = lane["pillar"]
            if lane.get("first") and lane_name == "center":
                values[f"{prefix}.first"] = lane["first"]
            for tie, choice in lane.get("ties", {}).items():
                values[f"{prefix}.ties.{tie}"] = choice
            for seat in SEATS:
                for i, card in enumerate(lane.get(seat, [])):
                    row = f"{prefix}.{seat}.{i}"
                    for key in ("power", "feathers", "scorpions", "divine", "copies", "opposite"):
                        if key in card:
                            values[f"{row}.{key}"] = card[key]
                    values[f"{row}.face"] = card.get("face") == "down"
    return values


def submit(client, tallies: dict, button: str = "calculate"):
    """The page read, filled with `tallies` and sent by its Calculate button (or as JSON)."""
    form = CalculatorForm(client.get(PAGE).text)
    assert form.method == "get" and form.action == PAGE
    fields = form.fill(form_values(tallies))
    fields[button] = "1"
    return client.get(form.action, query_string=fields)


def page_totals(html: str) -> dict:
    return {name: int(total) for name, total in
            re.findall(r'<td class="total" data-player="([^"]+)">(-?\d+)</td>', html)}


# -- the center's first card and its pillar ----------------------------------------------------------


def _center(first, moon_first_face="up", pillar="sun"):
    """A double_power center: Sun's three 3s (its first has a feather), Moon's 4 then two 1s."""
    return {"quest": Q(2, 0), "pillar": pillar, "first": first,
            "sun": [C(3, f=1), C(3), C(3)], "moon": [C(4, face=moon_first_face), C(1, f=1), C(1)]}


def _age(center):
    side = {"quest": Q(1, 0), "pillar": "sun", "sun": [C(3, f=1)] * 3, "moon": [C(1)] * 3}
    return {"modifier": "double_power", "lanes": {"left": side, "center": center, "right": side}}


LANE_FIRST = {"first_card": "lane_first"}


def test_the_first_card_face_up_means_its_player_holds_the_pillar(client):
    """Moon named as the center's first player, Moon's first card face up, and the pillar Sun's: Moon
    placed the lane's first card face up, so Moon was "the first to place a face-up card in a lane"
    and holds the pillar — the tally is impossible: a 400 naming `first` with that sentence (it
    doubled Moon's 4 before). Its legal twin, Moon's first card face down (Sun's face-up 3 took the
    pillar), doubles Moon's 4: 8 + 1 + 1 = 10 against Sun's 9."""
    answer = calculated(client, "pillars-of-fate",
                        {"ages": [_age(_center("moon"))], "options": LANE_FIRST}, 400)
    error = answer["error"]
    assert error["field"] == "ages[0].lanes.center.first"
    assert error["rule"]["quote"] == PILLAR
    twin = calculated(client, "pillars-of-fate",
                      {"ages": [_age(_center("moon", "down"))], "options": LANE_FIRST})
    center = twin["ages"][0]["lanes"][1]
    assert center["power"] == {"sun": 9, "moon": 10} and center["winner"] == "moon"
    named_sun = calculated(client, "pillars-of-fate",
                           {"ages": [_age(_center("sun", "down"))], "options": LANE_FIRST})
    assert named_sun["ages"][0]["lanes"][1]["power"] == {"sun": 12, "moon": 6}


def test_a_first_player_with_no_card_in_the_lane_is_refused(client):
    """A position in the middle of Age I: only Sun has played into the center, face down; `first`
    naming Moon is a 400 naming the field (Moon played no card there); Sun, accepted."""
    lanes = {"center": {"quest": Q(2, 0), "sun": [C(4, face="down")], "first": "moon"}}
    response = client.post("/api/sessions", json={
        "game": "pillars-of-fate", "options": LANE_FIRST,
        "players": [{"name": "Ana", "seat": "sun"}, {"name": "Ben", "seat": "moon"}],
        "position": position(lanes, turn="moon", modifier="double_power")})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == "position.lanes.center.first"
    lanes["center"]["first"] = "sun"
    Table(client, position(lanes, turn="moon", modifier="double_power"), **LANE_FIRST)


def test_a_position_with_the_first_card_face_up_and_the_other_pillar_is_refused(client):
    """The same impossibility in a position: Moon's face-up card first in the center, the pillar
    Sun's — a 400 naming `position.lanes.center.first` with the pillar sentence."""
    lanes = {"center": {"quest": Q(2, 0), "pillar": "sun", "first": "moon",
                        "sun": [C(3)], "moon": [C(4)]}}
    response = client.post("/api/sessions", json={
        "game": "pillars-of-fate", "options": LANE_FIRST,
        "players": [{"name": "Ana", "seat": "sun"}, {"name": "Ben", "seat": "moon"}],
        "position": position(lanes, modifier="double_power")})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "position.lanes.center.first" and error["rule"]["quote"] == PILLAR


def test_the_page_sends_the_first_card_field_and_keeps_it(client):
    """The calculator page, read, filled and sent by its Calculate button: the center's "First card
    played by" (Moon, whose first card lay face down) doubles Moon's 4 as the API does; the page
    shows the totals and keeps Moon selected; the impossible tally (Moon's first card face up, the
    pillar Sun's) shows the refusal naming the field; left out, the page asks for it."""
    tallies = {"ages": [filled(_age(_center("moon", "down")))], "options": LANE_FIRST}
    api = calculated(client, "pillars-of-fate", tallies)
    assert submit(client, tallies, "json").get_json()["result"] == api
    page = submit(client, tallies)
    assert page.status_code == 200
    assert page_totals(page.text) == {"Sun": 2, "Moon": 2}
    chosen = re.search(r'<select id="ages\.0\.lanes\.center-first" name="ages\.0\.lanes\.center\.'
                       r'first">(.*?)</select>', page.text, re.S).group(1)
    assert '<option value="moon" selected>' in chosen and "sun\" selected" not in chosen
    wrong = {"ages": [filled(_age(_center("moon")))], "options": LANE_FIRST}
    refused_page = submit(client, wrong)
    assert "holds its pillar, not Sun" in refused_page.text
    assert "(ages[0].lanes.center.first)" in refused_page.text
    left_out = {"ages": [filled(_age({**_center("moon", "down"), "first": None}))],
                "options": LANE_FIRST}
    asked = submit(client, left_out)
    assert "say who played the center&#39;s first card" in asked.text


def test_each_ages_center_has_its_first_card_field(client):
    """Ages II and III have the field too: the same center in Age III (Ages I and II plain) doubles
    Moon's face-down first card only when the page's Age III field names Moon."""
    plain = filled(_age({"quest": Q(0, 0), "pillar": "sun", "sun": [C(3, f=1)], "moon": [C(1)]}))
    ages = [dict(plain, modifier=modifier) for modifier in ("no_divine", "least_power")]
    tallies = {"ages": [*ages, filled(_age(_center("moon", "down")))], "options": LANE_FIRST}
    api = calculated(client, "pillars-of-fate", tallies)
    assert api["ages"][2]["lanes"][1]["power"] == {"sun": 9, "moon": 10}
    assert submit(client, tallies, "json").get_json()["result"] == api
    sun_first = {**tallies, "ages": [*ages, filled(_age(_center("sun", "down")))]}
    assert submit(client, sun_first, "json").get_json()["result"]["ages"][2]["lanes"][1][
        "power"] == {"sun": 12, "moon": 6}


# -- whole games against the calculator, through the API and the page --------------------------------


DIVINE_DEALS = [
    ({"kept": "Prophet", "passed": ["Pentha", "Invictus"]},
     {"kept": "Hadria", "passed": ["Saghari", "Sorcerer"]}),
    ({"kept": "Eradan", "passed": ["Isabel", "Mother to All"]},
     {"kept": "Steward", "passed": ["Namari", "Belan"]}),
    ({"kept": "Klar", "passed": ["Aponi", "Arbiter"]},
     {"kept": "Naka", "passed": ["Prophet", "Invictus"]}),
]


def _typed(rng, field):
    return {"power": rng.randint(-1, 9), "feathers": rng.randint(0, 2),
            "scorpions": rng.randint(0, 2)}[field]


def _pillar(order):
    return next((seat for seat, card in order if card.get("face", "up") == "up"), None)


def play_whole_game(client, seed: int, options: dict, modifiers: list[str]):
    """A game from the draft to the end of Age III: each Age's first card the first player's, face
    down into the center; then moves picked at random from what `legal` lists (values typed where a
    card is not entered; Sorcerer's exchanges, Namari's looks and ties picked from the list). What
    lay in each lane is written down as the players saw it played — the calculator's tallies."""
    rng = random.Random(seed)
    table = Table(client, **options)
    sun_deal, moon_deal = DIVINE_DEALS[seed % len(DIVINE_DEALS)]
    table.ok(type="draft_divine", player="sun", **sun_deal)
    table.ok(type="draft_divine", player="moon", **moon_deal)
    tallies = []
    for age in range(3):
        quests = [Q(rng.randint(-3, 6), rng.randint(-3, 6)) for _ in LANES]
        table.ok(type="begin_age", player="sun", modifier=modifiers[age],
                 quests=[dict(q) for q in quests],
                 **({"first_player": rng.choice(SEATS)} if age == 0 else {}))
        first_player = table.state["first_player"]
        order = {lane: [] for lane in LANES}
        ties = {lane: {} for lane in LANES}
        opening = True
        while True:
            view = table.view()
            if view["phase"] not in ("turns", "ties", "action"):
                break
            seat = view["current_players"][0]
            events = table.view(seat)["legal"]
            assert events, view["phase"]
            if opening:
                event = next(e for e in events if e["lane"] == "center" and e["face"] == "down"
                             and not e.get("divine"))
                assert seat == first_player
                opening = False
            else:
                event = rng.choice(events)
            event = dict(event)
            for field in event.pop("open", []):
                event[field] = _typed(rng, field)
            table.ok(**event)
            if event["type"] == "break_tie":
                ties[event["lane"]][event["tie"]] = event["choice"]
            elif event["type"] == "sorcerer_exchange":
                column = [i for i, (s, _) in enumerate(order[event["lane"]]) if s == seat]
                at = column[event["position"] - 1]
                face = order[event["lane"]][at][1].get("face", "up")
                order[event["lane"]][at] = (seat, {
                    **{key: event[key] for key in ("power", "feathers", "scorpions")},
                    **({"face": "down"} if face == "down" else {})})
            elif event["type"] == "play":
                card = {key: event[key] for key in ("power", "feathers", "scorpions", "divine",
                                                    "copies", "opposite") if key in event}
                if event["face"] == "down":
                    card["face"] = "down"
                order[event["lane"]].append((seat, card))
        lanes = {}
        for index, lane in enumerate(LANES):
            lanes[lane] = {"quest": quests[index], "ties": ties[lane],
                           **{s: [c for who, c in order[lane] if who == s] for s in SEATS}}
            if _pillar(order[lane]):
                lanes[lane]["pillar"] = _pillar(order[lane])
            if lane == "center":
                lanes[lane]["first"] = order[lane][0][0]
        tallies.append({"modifier": modifiers[age], "first_player": first_player,
                        "lanes": lanes})
    view = table.view()
    assert view["over"] and len(view["state"]["ages"]) == 3
    return view, {"ages": tallies, "options": options}


GAMES = [
    (1, {}, ["double_power", "no_suit", "double_suit"]),
    (2, {"first_card": "lane_first"}, ["double_power", "no_power", "double_suit"]),
    (3, {"first_card": "lane_first", "face_down_limit": "per_player"},
     ["no_suit", "double_power", "no_power"]),
    (4, {"first_card": "lane_first", "dominant_suit": "winner",
         "quest_reward_to": "negative_to_loser", "opposite": "named",
         "invictus_copies": "directly_above"}, ["double_suit", "no_power", "double_power"]),
    (5, {"steward_sides": "table", "eradan_power": "each_card", "renown_floor": "zero",
         "unheld_pillar_ties": "first_player", "tie_past_pillars": "shared"},
     ["double_power", "two_face_down", "least_power"]),
    (6, {"first_card": "lane_first", "belan_includes_itself": False, "steward_reach": "adjacent",
         "face_down_divine_counts": False}, ["no_power", "double_suit", "double_power"]),
]


@pytest.mark.parametrize(("seed", "options", "modifiers"), GAMES,
                         ids=[f"game{seed}" for seed, _, _ in GAMES])
def test_a_whole_game_agrees_with_the_calculator_api_and_page(client, seed, options, modifiers):
    """Two players, the only count the book has ("Each player takes the sun or moon champion
    deck"). Three Ages, each with a first-card modifier or another in the center and its first card
    face down; the calculator — the API and the page's form sent as a browser sends it, with the
    center's "First card played by" — given the lanes as played names the same renown, lane
    results, winners and deciding rule as the game."""
    view, tallies = play_whole_game(client, seed, options, modifiers)
    game = view["scores"]
    answer = calculated(client, "pillars-of-fate", tallies)
    assert [a["lanes"] for a in answer["ages"]] == [a["lanes"] for a in view["state"]["ages"]]
    totals = {p["seat"]: p["total"] for p in game["players"]}
    assert {p["seat"]: p["total"] for p in answer["players"]} == totals
    assert answer["winners"] == game["winners"]
    assert answer["decided_by"]["rule"] == game["decided_by"]["rule"]
    by_page = submit(client, tallies, "json")
    assert by_page.status_code == 200, by_page.get_json()
    assert by_page.get_json()["result"] == answer
    page = submit(client, tallies)
    assert page_totals(page.text) == {"Sun": totals["sun"], "Moon": totals["moon"]}


def test_the_first_player_lays_the_centers_first_card_face_down_and_is_doubled_alone(client):
    """Under `first_card: lane_first` with "Each first card played will have its power doubled.":
    the first player's face-down first card in the center is the one doubled once revealed — not
    the first face-up card, whose player took the pillar."""
    view, tallies = play_whole_game(client, 2, {"first_card": "lane_first"},
                                    ["double_power", "no_power", "double_suit"])
    age_one = tallies["ages"][0]
    center = age_one["lanes"]["center"]
    first = age_one["first_player"]
    assert center["first"] == first and center[first][0]["face"] == "down"
    resolved = view["state"]["ages"][0]["lanes"][1]
    notes = resolved["values"][first][0]["notes"]
    assert DOUBLED.rstrip(".") in notes
    other = "moon" if first == "sun" else "sun"
    assert all(DOUBLED.rstrip(".") not in (v or {"notes": []})["notes"]
               for v in resolved["values"][other])


# -- the 1st player marker in the calculator, when a ruling makes it decide --------------------------


def _unheld_center_age(**age):
    """Sides Sun wins 3-1 (a feather, the quest 1); the center under "Play only 2 cards in this
    lane." read per lane — one card each, both face down (per player), so its pillar never moves —
    tied on power 2-2, with one feather (a quest of 5 on feathers)."""
    side = {"quest": Q(1, 0), "pillar": "sun", "sun": [C(3, f=1)] * 3, "moon": [C(1)] * 3}
    center = {"quest": Q(5, 0), "sun": [C(2, f=1, face="down")], "moon": [C(2, face="down")]}
    return {"modifier": "two_cards", "lanes": {"left": side, "center": center, "right": side},
            **age}


UNHELD = {"lane_size_modifiers": "per_lane", "face_down_limit": "per_player",
          "unheld_pillar_ties": "first_player"}


def test_a_tie_in_an_unheld_lane_asks_who_held_the_marker_under_its_ruling(client):
    """`unheld_pillar_ties: first_player` — "Ties in either suit or power are decided by the player
    that holds the pillar for that lane.", and where no pillar moved the holder of the 1st player
    marker decides. A tally that leaves the marker out was scored as if nobody decides (the other
    reading's answer, silently): now a 400 naming `ages[0].first_player`. With Moon holding the
    marker, Moon's pick is asked for — as the marker's holder, not the pillar's — and decides."""
    answer = calculated(client, "pillars-of-fate", {"ages": [_unheld_center_age()],
                                                    "options": UNHELD}, 400)
    assert answer["error"]["field"] == "ages[0].first_player"
    asked = calculated(client, "pillars-of-fate",
                       {"ages": [_unheld_center_age(first_player="moon")], "options": UNHELD}, 400)
    assert asked["error"]["field"] == "ages[0].lanes.center.ties.power"
    assert "Moon, who holds the 1st player marker" in asked["error"]["message"]
    age = _unheld_center_age(first_player="moon")
    age["lanes"]["center"]["ties"] = {"power": "moon"}
    picked = calculated(client, "pillars-of-fate", {"ages": [age], "options": UNHELD})
    center = picked["ages"][0]["lanes"][1]
    assert center["winner"] == "moon" and center["decider"] == "moon" and center["reward"] == 5
    undecided = calculated(client, "pillars-of-fate", {"ages": [_unheld_center_age()], "options": {
        **UNHELD, "unheld_pillar_ties": "undecided"}})
    assert undecided["ages"][0]["lanes"][1]["winner"] is None
    assert [p["total"] for p in undecided["players"]] == [2, 0]  # the sides' quests only


def test_the_end_tie_break_asks_who_held_the_marker_when_a_pillar_never_moved(client):
    """`unheld_pillar_at_end: first_player` — "Tie breaker: Whoever has more pillars in the last
    round wins.", a pillar that never moved counting for the holder of the marker in Age III. Every
    quest gives 0, so renown ends tied at 0; in Age III Sun holds the left pillar, Moon the right,
    and the center's (both cards face down) never moved. Without Age III's marker the tally was
    scored as if the pillar counted for nobody (no winner): now a 400 naming `ages[2].first_player`;
    with Moon holding it, Moon wins on pillars; under the default `nobody`, no winner."""
    side = {"quest": Q(0, 0), "pillar": "sun", "sun": [C(3, f=1)] * 3, "moon": [C(1)] * 3}
    center = {"quest": Q(0, 0), "pillar": "sun", "sun": [C(1)] * 3, "moon": [C(2, f=1)] * 3}
    plain = [{"modifier": modifier, "first_player": seat,
              "lanes": {"left": side, "center": center, "right": side}}
             for modifier, seat in (("no_divine", "moon"), ("double_suit", "sun"))]

    def tallies(marker, **rulings):
        last = {"modifier": "two_cards", "lanes": {
            "left": side, "right": {**side, "pillar": "moon"},
            "center": {"quest": Q(0, 0), "sun": [C(3, f=1, face="down")],
                       "moon": [C(2, face="down")]}}}
        if marker:
            last["first_player"] = marker
        return {"ages": [*plain, last], "options": {**UNHELD, **rulings}}

    at_end = {"unheld_pillar_at_end": "first_player"}
    missing = calculated(client, "pillars-of-fate", tallies(None, **at_end), 400)
    assert missing["error"]["field"] == "ages[2].first_player"
    moon = calculated(client, "pillars-of-fate", tallies("moon", **at_end))
    assert [p["total"] for p in moon["players"]] == [0, 0]
    assert moon["winners"] == ["moon"]
    assert moon["decided_by"]["rule"]["quote"] == in_book(
        "Tie breaker: Whoever has more pillars in the last round wins.")
    nobody = calculated(client, "pillars-of-fate", tallies(None))
    assert nobody["winners"] == []


# -- an Age resolved by hand, from the book, against the calculator ----------------------------------

SIMPLE_DIVINE = ("Prophet", "Hadria", "Mother to All", "Eradan", "Steward", "Klar", "Arbiter",
                 "Saghari", "Aponi", "Pentha", "Isabel", "Belan")
ROW_MODIFIERS = ("double_power", "double_suit", "no_power", "no_suit", "two_face_down",
                 "least_power", "no_divine")
RULINGS = {"dominant_suit": ("both", "winner"),
           "quest_reward_to": ("winner", "negative_to_loser"),
           "steward_sides": ("owner", "table"), "steward_reach": ("all", "adjacent"),
           "steward_icons_to": ("lane", "owner"), "eradan_power": ("lane_total", "each_card"),
           "belan_includes_itself": (True, False), "first_card": ("each_player", "lane_first"),
           "renown_floor": ("none", "zero")}


def _by_the_book(age: dict, rulings: dict) -> tuple[dict, list[dict]]:
    """Renown from one Age, computed from the glossary and "Resolving an Age" alone under the
    table's `rulings` (docs/games/pillars-of-fate.md: each option's two readings; the opposite card
    at the same position), and each lane's power, counted icons, winner and suit."""
    modifier, lanes = age["modifier"], age["lanes"]
    index = {name: i for i, name in enumerate(LANES)}

    def divine_lane(seat, name):
        return next((lane for lane in LANES for card in lanes[lane][seat]
                     if card.get("divine") == name), None)

    def reverse(value):
        value["feathers"], value["scorpions"] = value["scorpions"], value["feathers"]

    results = []
    for lane in LANES:
        power, icons = {}, {seat: {"feathers": 0, "scorpions": 0} for seat in SEATS}
        to_lane = {"feathers": 0, "scorpions": 0}
        for seat in SEATS:
            rival = "moon" if seat == "sun" else "sun"
            own = lanes[lane][seat]
            names = [card.get("divine") for card in own]
            values = []
            for card in own:
                value = {"power": card["power"], "feathers": card["feathers"],
                         "scorpions": card["scorpions"]}
                if card.get("face") == "down" and card.get("divine") == "Klar":
                    value["power"] = -1  # "If this card is played face down, its power becomes -1."
                if card.get("face") == "down" and card.get("divine") == "Arbiter":
                    value["feathers"], value["scorpions"] = 0, 4  # "its suit will be 4 scorpions"
                values.append(value)
            for i, value in enumerate(values):
                if "Saghari" in names and names[i] != "Saghari" and value["power"] == 3:
                    value["power"] = 7
                if "Aponi" in names and names[i] != "Aponi" and value["power"] == 8:
                    value["power"] = 2
                if "Belan" in names and (names[i] != "Belan" or rulings["belan_includes_itself"]):
                    reverse(value)
            for j, card in enumerate(lanes[lane][rival]):
                if j < len(values) and card.get("divine") == "Pentha":
                    values[j]["power"] = 0
                if j < len(values) and card.get("divine") == "Isabel" and \
                        (values[j]["feathers"] or values[j]["scorpions"]):
                    reverse(values[j])
            first_counts = rulings["first_card"] == "each_player" or lanes[lane]["first"] == seat
            if lane == "center" and values and first_counts:
                first = values[0]
                if modifier == "double_power":
                    first["power"] *= 2
                elif modifier == "double_suit":
                    first["feathers"] *= 2
                    first["scorpions"] *= 2
                elif modifier == "no_power":
                    first["power"] = 0
                elif modifier == "no_suit":
                    first["feathers"] = first["scorpions"] = 0
            power[seat] = sum(value["power"] for value in values)
            eradan = divine_lane(seat, "Eradan")
            if eradan and eradan != lane:
                power[seat] += 2 if rulings["eradan_power"] == "lane_total" else 2 * len(values)
            for suit in ("feathers", "scorpions"):
                icons[seat][suit] += sum(value[suit] for value in values)
            steward = divine_lane(seat, "Steward")
            if steward and steward != lane and (rulings["steward_reach"] == "all"
                                                or abs(index[lane] - index[steward]) == 1):
                left = index[lane] < index[steward]
                if seat == "moon" and rulings["steward_sides"] == "owner":
                    left = not left  # Moon sits across the table: its left is Sun's right
                suit = "scorpions" if left else "feathers"
                (to_lane if rulings["steward_icons_to"] == "lane" else icons[seat])[suit] += 2
        ties = lanes[lane].get("ties", {})
        if power["sun"] == power["moon"]:
            winner = ties["power"]
        elif (modifier == "least_power" and lane == "center") != (power["sun"] > power["moon"]):
            winner = "sun"
        else:
            winner = "moon"
        counted = SEATS if rulings["dominant_suit"] == "both" else (winner,)
        feathers = to_lane["feathers"] + sum(icons[seat]["feathers"] for seat in counted)
        scorpions = to_lane["scorpions"] + sum(icons[seat]["scorpions"] for seat in counted)
        suit = ties["suit"] if feathers == scorpions else \
            ("feathers" if feathers > scorpions else "scorpions")
        results.append({"lane": lane, "power": power, "winner": winner, "suit": suit,
                        "feathers": feathers, "scorpions": scorpions})

    renown = {"sun": 0, "moon": 0}

    def award(seat, points):  # line by line, as the tokens are taken
        renown[seat] += points
        if rulings["renown_floor"] == "zero":
            renown[seat] = max(renown[seat], 0)

    for result in results:
        lane, winner = result["lane"], result["winner"]
        loser = "moon" if winner == "sun" else "sun"
        reward = lanes[lane]["quest"]["feather" if result["suit"] == "feathers" else "scorpion"]
        award(loser if reward < 0 and rulings["quest_reward_to"] == "negative_to_loser"
              else winner, reward)
        for seat in SEATS:
            for card in lanes[lane][seat]:
                if card.get("divine") == "Prophet" and winner == seat:
                    award(seat, 5)
                if card.get("divine") == "Hadria" and winner != seat:
                    award(winner, -5)
    for seat in SEATS:
        if divine_lane(seat, "Mother to All") and all(r["winner"] != seat for r in results):
            award(seat, 10)
    return renown, results


@st.composite
def simple_ages(draw):
    """Table rulings, and a full Age of champion cards and at most one Divine card a player from
    SIMPLE_DIVINE, one face-down card at most a lane (two in the center under its modifier), who
    played each lane's first card, the pillar with the player who placed the first face-up card
    there, and the pillar holder's picks (entered only where the lane ties)."""
    rulings = {name: draw(st.sampled_from(readings)) for name, readings in RULINGS.items()}
    modifier = draw(st.sampled_from(ROW_MODIFIERS))
    rng = random.Random(draw(st.integers(0, 2**32)))
    lanes = {}
    divine = {seat: draw(st.sampled_from((None, *SIMPLE_DIVINE))) for seat in SEATS}
    divine_lane = {seat: rng.choice([lane for lane in LANES if not (
        lane == "center" and modifier == "no_divine")]) for seat in SEATS}
    for lane in LANES:
        columns = {seat: [{"power": rng.randint(-1, 9), "feathers": rng.randint(0, 2),
                           "scorpions": rng.randint(0, 2)} for _ in range(3)] for seat in SEATS}
        for seat in SEATS:
            if divine[seat] and divine_lane[seat] == lane:
                columns[seat][rng.randrange(3)]["divine"] = divine[seat]
        limit = 2 if lane == "center" and modifier == "two_face_down" else 1
        for _ in range(rng.randint(0, limit)):
            seat = rng.choice(SEATS)
            columns[seat][rng.randrange(3)]["face"] = "down"
        first = rng.choice(SEATS)
        face_up = [seat for seat in SEATS if any(card.get("face") != "down"
                                                 for card in columns[seat])]
        pillar = first if columns[first][0].get("face") != "down" else rng.choice(face_up)
        lanes[lane] = {"quest": Q(rng.randint(-3, 6), rng.randint(-3, 6)), "pillar": pillar,
                       "first": first, "ties": {"power": rng.choice(SEATS),
                                                "suit": rng.choice(("feathers", "scorpions"))},
                       **columns}
    return rulings, {"modifier": modifier, "first_player": rng.choice(SEATS), "lanes": lanes}


@settings(max_examples=200, deadline=None)
@given(simple_ages())
def test_an_age_resolved_by_hand_from_the_book_agrees_with_the_calculator(table):
    """An independent reading of "Resolving an Age" and the glossary under each table ruling that
    changes the arithmetic, for full Ages of champion cards and the Divine cards whose text is
    arithmetic: the calculator names the same power, counted icons, winner and dominant suit in
    every lane, and the same renown."""
    rulings, age = table
    renown, results = _by_the_book(age, rulings)
    lanes = {}  # the pillar holder's picks entered only where a lane ties
    for result in results:
        entry = dict(age["lanes"][result["lane"]])
        ties = {}
        if result["power"]["sun"] == result["power"]["moon"]:
            ties["power"] = entry["ties"]["power"]
        if result["feathers"] == result["scorpions"]:
            ties["suit"] = entry["ties"]["suit"]
        lanes[result["lane"]] = {**entry, "ties": ties}
    sheet = Game.score({"ages": [{**age, "lanes": lanes}],
                        "options": {**rulings, "divine_required": "not_enforced"}})
    resolved = sheet["ages"][0]["lanes"]
    for mine, theirs in zip(results, resolved, strict=True):
        assert theirs["power"] == mine["power"], (mine["lane"], theirs, mine)
        assert (theirs["total_feathers"], theirs["total_scorpions"]) == \
            (mine["feathers"], mine["scorpions"]), (mine["lane"], theirs, mine)
        assert theirs["winner"] == mine["winner"] and theirs["suit"] == mine["suit"]
    assert {p["seat"]: p["total"] for p in sheet["players"]} == renown
