"""Pilgrims end-of-game scoring: the stateless calculator and the live score share these functions.

A player's tally is plain data:
  {"name", "seat"?, "falconer"?: bool, "adventures": [adventure], "clovers": int,
   "quills": [{"tile": "A"|"B"|"C", "space": "top"|"middle"|"bottom", "collected"?: int}],
   "companions"?: [companion] (in the party and retired; the falconer's pile),
   "journey"?: {"completed": [points, ...], "removed": int}, "items": int}
and the table's: {"public_quests"?: {"A": "1c", "B": "2a", "C": "5"}, "journey_cards"?: bool}.
A quill's `collected` is the number of cards its mission counts; when it is left out it is counted
from the player's companions and completed adventures for the tile in `public_quests`; when it is
entered it is checked against the box and the cards entered (`check_collected`).
"""

from __future__ import annotations

from referee.core import BadRequest, Citation
from referee.core.engine import PLAYER_NAME

from . import cards
from .board import DECKS, deck_line

GAME = "pilgrims"

Q_WINNER = ("The player with the most victory points is the most experienced pilgrim, and wins "
            "the game!")
Q_ADVENTURES = "Each completed adventure card"
Q_CLOVERS = "1 victory point per 3 remaining clover tokens"
Q_QUILLS = ("The top quill space scores 2 victory points, and the middle space scores 1 victory "
            "point.")
Q_MISSION = ("In addition, a player scores victory points for completing a public quest tile's "
             "mission. The victory points scored depends on the number of matching companion or "
             "adventure cards the player has collected.")
Q_MISSION_TABLE = "Collected cards\tVictory points\n1\t1\n2\t2\n3\t4\n4\t6"
Q_MISSION_MAX = ("Players can't score more than 6 victory points from completing a public quest "
                 "tile's mission.")
Q_MISSION_A = "A tile missions require companion cards of the shown type."
Q_MISSION_B = "B tile missions require companion cards with the shown activation symbol."
Q_MISSION_B_LEADER = "Note: The leader tile's activation symbols don't count."
Q_MISSION_C = "C tile missions require adventure cards with the shown characteristic."
Q_MISSION_C_RESERVED = "Note: Reserved adventure cards don't count."
Q_FALCONER_IMPROVEMENTS = "Ignore the improvements on the falconer's completed adventure cards."
Q_MISSION_MOVEMENT = "4. Collect adventure cards with an improvement with any means of movement."
Q_MISSION_DISCOUNT = "6. Collect adventure cards with a discount improvement."
Q_FALCONER_SCORES = "The falconer scores victory points from the following categories:"
Q_QUEST_CATEGORY = "• Public quest tiles' quill spaces and missions"
FALCONER_IMPROVEMENTS = ("counted", "ignored")
Q_MISSION_RETIRED = ("Public quest tiles count companion cards in the player's party and retired "
                     "under their leader, or adventure cards the player has completed.")
Q_JOURNEY_COMPLETED = "Each completed journey card."
Q_JOURNEY_TOKENS = "1 victory point per map token removed from an incomplete journey card."
Q_TIE = ("In case of a tie, the player with more item cards left in their hand wins. If there is "
         "still a tie, the players share the victory.")
Q_SOLO = "In a solo Pilgrims game, one player competes against the falconer!"
Q_SOLO_WIN = ("The player with more victory points wins. In case of tie, the player with more item "
              "cards left in their hand wins.")
Q_FALCONER_ITEMS = "1 victory point per remaining item card"
Q_FALCONER_CLOVERS = "Note: The falconer does not score for a remaining clover token."
Q_FALCONER_JOURNEY = ("When playing a solo game with journey cards, the falconer does not complete "
                      "them like the player. Instead, he gains an additional 5 victory points at "
                      "the end of the game.")
Q_QUILL_TOP = "The player places a quill token on the tile's top-most empty quill space."
Q_TWO_QUILLS = ("Each player has 2 quill tokens. Thus, players can sign up for, at most, two public "
                "quest tiles. A player can't sign up twice on the same tile.")
Q_ADVANCED = ("Experienced players can play an advanced game of Pilgrims by using journey cards to "
              "add variety and complexity.")
Q_SIGN_UP_FIRST = ("Public quests are shared objectives that any player can complete to earn "
                   "additional victory points—but only after signing up for them!")

MISSION_POINTS = {0: 0, 1: 1, 2: 2, 3: 4, 4: 6}
MISSION_MAX = 6
QUILL_POINTS = {"top": 2, "middle": 1, "bottom": 0}
FALCONER_JOURNEY_POINTS = 5
MISSION_QUOTE = {"A": Q_MISSION_A, "B": Q_MISSION_B, "C": Q_MISSION_C}

_COUNT = {"type": "integer", "minimum": 0, "maximum": 200}

score_schema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Pilgrims end-of-game tallies",
    "type": "object",
    "properties": {
        "players": {
            "type": "array",
            "minItems": 1,
            "maxItems": 5,
            "items": {
                "type": "object",
                "properties": {
                    "name": PLAYER_NAME,
                    "seat": {"type": "string", "minLength": 1, "maxLength": 20},
                    "falconer": {"type": "boolean"},
                    "adventures": {"type": "array", "items": cards.ref("adventure"),
                                   "maxItems": 37},
                    "clovers": _COUNT,
                    "quills": {
                        "type": "array",
                        "maxItems": 3,
                        "items": {
                            "type": "object",
                            "properties": {
                                "tile": {"enum": ["A", "B", "C"]},
                                "space": {"enum": list(cards.QUILL_SPACES)},
                                "collected": _COUNT,
                            },
                            "required": ["tile", "space"],
                            "additionalProperties": False,
                        },
                    },
                    "companions": {"type": "array", "items": cards.ref("companion"),
                                   "maxItems": 32},
                    "journey": {
                        "type": "object",
                        "properties": {
                            "completed": {"type": "array", "maxItems": 18,
                                          "items": {"type": "integer", "minimum": 0,
                                                    "maximum": 20}},
                            "removed": {"type": "integer", "minimum": 0, "maximum": 2},
                        },
                        "additionalProperties": False,
                    },
                    "items": _COUNT,
                },
                "required": ["name", "items"],
                "additionalProperties": False,
            },
        },
        "public_quests": {
            "type": "object",
            "properties": {letter: {"enum": list(missions)}
                           for letter, missions in cards.QUEST_MISSIONS.items()},
            "additionalProperties": False,
        },
        "journey_cards": {"type": "boolean"},
        "falconer_improvements": {
            "enum": list(FALCONER_IMPROVEMENTS),
            "description": "the table ruling falconer_improvements_in_missions (default "
                           "counted): whether the falconer's completed cards count by their "
                           "improvements for missions 4 and 6"},
    },
    "required": ["players"],
    "additionalProperties": False,
    "$defs": cards.DEFS,
    "examples": [{"players": [
        {"name": "Ann", "clovers": 7, "items": 2,
         "adventures": [{"points": 5, "level": 1}, {"points": 8, "level": 2}]},
        {"name": "Bob", "clovers": 3, "items": 3,
         "adventures": [{"points": 5, "level": 1}, {"points": 3, "level": 1}]}]}],
}


def cite(quote: str) -> dict:
    return Citation(GAME, quote).to_json()


def line(label: str, counts: str, points: int, quote: str) -> dict:
    return {"label": label, "counts": counts, "points": points, "rule": cite(quote)}


def mission_points(collected: int) -> int:
    return MISSION_POINTS[min(collected, 4)]


def _describe_adventure(card: dict) -> str:
    name = card.get("name") or f"level {'I' * card['level']} adventure"
    return f"{name} ({card['points']})"


def mission_adventures(tally: dict, table: dict) -> list[dict]:
    """The completed adventure cards as the public quest missions count them: under the ruling
    falconer_improvements_in_missions=ignored the falconer's show no improvement."""
    adventures = tally.get("adventures", [])
    if not (tally.get("falconer") and table.get("falconer_improvements") == "ignored"):
        return adventures
    return [{k: v for k, v in a.items() if k not in ("improvement", "trigger", "discount")}
            for a in adventures]


def player_lines(tally: dict, table: dict) -> list[dict]:
    """The breakdown of one player's (or the falconer's) score, one line per thing counted."""
    falconer = tally.get("falconer", False)
    lines = []
    adventures = tally.get("adventures", [])
    points = sum(a["points"] for a in adventures)
    lines.append(line(
        "Completed adventures",
        f"{len(adventures)} card(s)" + (": " + " + ".join(map(_describe_adventure, adventures))
                                        if adventures else ""),
        points, Q_ADVENTURES))
    if falconer:
        lines.append(line("Remaining item cards", f"{tally['items']} item card(s) × 1",
                          tally["items"], Q_FALCONER_ITEMS))
        lines.append(line("Remaining clover tokens",
                          f"{tally.get('clovers', 0)} clover token(s), not scored", 0,
                          Q_FALCONER_CLOVERS))
    else:
        clovers = tally.get("clovers", 0)
        lines.append(line("Remaining clover tokens", f"{clovers} clover token(s) ÷ 3",
                          clovers // 3, Q_CLOVERS))
    quests = table.get("public_quests") or {}
    for quill in tally.get("quills", []):
        tile, space = quill["tile"], quill["space"]
        mission = quests.get(tile)
        title = f"Public quest {tile}" + (f" ({mission})" if mission else "")
        lines.append(line(f"{title}: quill space", f"{space} quill space",
                          QUILL_POINTS[space], Q_QUILLS))
        collected = quill.get("collected")
        if collected is None:
            collected = cards.mission_count(mission, tally.get("companions", []),
                                            mission_adventures(tally, table))
        what = {"A": "companion card(s) of the shown type, in the party or retired",
                "B": "companion card(s) with the shown activation symbol, leader excluded",
                "C": "completed adventure card(s) with the shown characteristic"}[tile]
        if mission:
            what = (f"{what}: {cards.QUEST_MISSIONS[tile][mission]}")
        got = mission_points(collected)
        lines.append(line(f"{title}: mission", f"{collected} {what}", got,
                          Q_MISSION_MAX if collected > 4 else Q_MISSION_TABLE))
    journey = tally.get("journey")
    if falconer:
        if table.get("journey_cards"):
            lines.append(line("Journey cards", "the falconer's 5 points instead of journey cards",
                              FALCONER_JOURNEY_POINTS, Q_FALCONER_JOURNEY))
    elif journey is not None or table.get("journey_cards"):
        journey = journey or {}
        completed = journey.get("completed", [])
        lines.append(line("Completed journey cards",
                          f"{len(completed)} card(s)" + (
                              ": " + " + ".join(map(str, completed)) if completed else ""),
                          sum(completed), Q_JOURNEY_COMPLETED))
        removed = journey.get("removed", 0)
        lines.append(line("Incomplete journey card",
                          f"{removed} map token(s) removed × 1", removed, Q_JOURNEY_TOKENS))
    return lines


def rank(entries: list[dict], solo: bool) -> dict:
    """Ranking, winners and what decided them: the most points, or how the tie was broken.

    `entries` are {"id", "name", "total", "items"}: most points first, then more item cards in hand; whoever
    is still level shares the place.
    """
    ordered = sorted(entries, key=lambda e: (-e["total"], -e["items"]))
    ranking, place = [], 0
    for n, entry in enumerate(ordered):
        prev = ordered[n - 1] if n else None
        if prev is None or (prev["total"], prev["items"]) != (entry["total"], entry["items"]):
            place = n + 1
        ranking.append({**entry, "place": place})
    best = ordered[0]["total"]
    leaders = [e for e in ordered if e["total"] == best]
    most_items = max(e["items"] for e in leaders)
    winning = [e for e in leaders if e["items"] == most_items]
    winners = [e["id"] for e in winning]
    names = ", ".join(e["name"] for e in leaders)
    if len(leaders) == 1:
        decided_by = {"tie_break": "none",
                      "text": f"No tie: {winning[0]['name']} has the most victory points ({best}).",
                      "rule": cite(Q_SOLO_WIN if solo else Q_WINNER)}
    elif len(winners) == 1:
        decided_by = {"tie_break": "items",
                      "text": f"{names} tie on {best} points; {winning[0]['name']} has more item "
                              f"cards left in hand ({most_items}) and wins.",
                      "rule": cite(Q_SOLO_WIN if solo else Q_TIE)}
    else:
        decided_by = {"tie_break": "shared",
                      "text": f"{', '.join(e['name'] for e in winning)} tie on {best} points and "
                              f"on {most_items} item cards in hand: they share the victory.",
                      "rule": cite(Q_TIE)}
    return {"ranking": ranking, "winners": winners, "decided_by": decided_by}


def check_quills(players: list[dict], field: str = "players") -> None:
    """Quills as they can lie on a real table: two per player, one per tile per player, each tile
    space used once, and a lower space only under a filled one."""
    taken: dict[str, dict[str, str]] = {}
    for n, tally in enumerate(players):
        tiles = [q["tile"] for q in tally.get("quills", [])]
        if len(tiles) != len(set(tiles)):
            raise BadRequest(f"{tally['name']} has two quills on one tile", f"{field}[{n}].quills",
                             citation=Citation(GAME, Q_TWO_QUILLS))
        for quill in tally.get("quills", []):
            spaces = taken.setdefault(quill["tile"], {})
            if quill["space"] in spaces:
                raise BadRequest(
                    f"two quills on the {quill['space']} space of tile {quill['tile']}",
                    f"{field}[{n}].quills")
            spaces[quill["space"]] = tally["name"]
    for tile, spaces in taken.items():
        for upper, lower in (("top", "middle"), ("middle", "bottom")):
            if lower in spaces and upper not in spaces:
                raise BadRequest(
                    f"tile {tile} has a quill on its {lower} space but none on its {upper} space: "
                    "a quill goes on the tile's top-most empty quill space", f"{field}")


def validate(tallies) -> dict:
    """Check the calculator's input; return it with card names resolved and defaults filled in."""
    players = []
    for n, tally in enumerate(tallies["players"]):
        entered = {"adventures": "adventures" in tally, "companions": "companions" in tally}
        tally = dict(tally)
        tally["adventures"] = [cards.resolve("adventure", a, f"players[{n}].adventures[{k}]")
                               for k, a in enumerate(tally.get("adventures", []))]
        tally["companions"] = [cards.resolve("companion", c, f"players[{n}].companions[{k}]")
                               for k, c in enumerate(tally.get("companions", []))]
        if len(tally.get("quills", [])) > 2:
            raise BadRequest(f"{len(tally['quills'])} quills", f"players[{n}].quills",
                             citation=Citation(GAME, Q_TWO_QUILLS))
        if "journey" in tally and tally.get("falconer"):
            raise BadRequest("the falconer completes no journey cards", f"players[{n}].journey",
                             citation=Citation(GAME, Q_FALCONER_JOURNEY))
        if "journey" in tally and tallies.get("journey_cards") is False:
            raise BadRequest("journey_cards is false: journey cards belong to the advanced game",
                             f"players[{n}].journey", citation=Citation(GAME, Q_ADVANCED))
        for k, quill in enumerate(tally.get("quills", [])):
            if "collected" not in quill and not (tallies.get("public_quests") or {}).get(
                    quill["tile"]):
                raise BadRequest(
                    f"give the quill's collected cards, or public_quests.{quill['tile']} (the "
                    "tile's mission) so they can be counted", f"players[{n}].quills[{k}]")
            if "collected" in quill:
                check_collected({**tally, "adventures": mission_adventures(tally, tallies)},
                                quill, tallies.get("public_quests") or {}, entered,
                                f"players[{n}].quills[{k}].collected")
        players.append(tally)
    falconers = [t for t in players if t.get("falconer")]
    if falconers and (len(falconers) > 1 or len(players) != 2):
        raise BadRequest("a solo game is one player against the falconer", "players",
                         citation=Citation(GAME, Q_SOLO))
    if not falconers and len(players) > 4:
        raise BadRequest(f"Pilgrims: Curious Adventures is for 1–4 players, not {len(players)}",
                         "players")
    names = [t["name"] for t in players]
    if len(set(names)) != len(names):
        raise BadRequest("two players have the same name", "players")
    check_quills(players)
    check_box(players)
    if len(players) == 1:
        raise BadRequest("one player is the solo game: enter the falconer's tally too", "players",
                         citation=Citation(GAME, Q_SOLO))
    return {**tallies, "players": players}


def check_collected(tally: dict, quill: dict, quests: dict, entered: dict, field: str) -> None:
    """A quill's `collected` that the box, or the player's cards as entered, cannot reach is a 400
    naming it. Tiles A and B count companion cards, tile C completed adventure cards ("Public quest
    tiles count companion cards in the player's party and retired under their leader, or adventure
    cards the player has completed."): never more than the box holds; where the player's
    companions or adventures are entered, never more than those; and where the tile's mission is
    known, the cards entered with its characteristic. Adventures may be entered without the
    characteristics of missions 3, 4 and 6, so there they give only a least count; the level (5)
    and a companion's types and symbols are always entered, so there the count is exact."""
    tile, collected = quill["tile"], quill["collected"]
    mission = quests.get(tile)
    if tile == "C":
        decks = ["level2"] if mission == "5" else ["level1", "level2"]
        kind, cards_entered = "adventures", tally["adventures"]
    else:
        decks, kind, cards_entered = ["companion"], "companions", tally["companions"]
    most = sum(DECKS[deck] for deck in decks)
    if collected > most:
        lines = [Citation(GAME, deck_line(deck)) for deck in decks]
        raise BadRequest(f"{collected} cards for tile {tile}'s mission: the game has {most}",
                         field, citation=lines[0], also=tuple(lines[1:]))
    if not entered[kind]:
        return  # not entered, so not checked against the cards
    counted = cards.mission_count(mission, tally["companions"], tally["adventures"]) \
        if mission else None
    exact = mission is not None and (tile != "C" or mission == "5")
    what = ("companion cards entered (in the party and retired)" if kind == "companions"
            else "completed adventure cards entered")
    if collected > len(cards_entered):
        wrong = f"{tally['name']} has {len(cards_entered)} {what}"
    elif counted is not None and (collected != counted if exact else collected < counted):
        wrong = (f"{tally['name']}'s {what} hold {counted} for mission {mission} "
                 f"({cards.QUEST_MISSIONS[tile][mission]})")
    else:
        return
    raise BadRequest(f"{collected} cards for tile {tile}'s mission, but {wrong}", field,
                     citation=Citation(GAME, Q_MISSION_RETIRED))


def check_box(players: list[dict]) -> None:
    """No total comes from more cards than the box holds (Game Components: "• 17 level II adventure
    cards", "• 64 item cards"...), all players together; no rule substitutes for a card. (Clover
    tokens are not capped: "There is no limit to the number of clover tokens a player can
    acquire. If the supply runs out, use any suitable substitute.")"""
    counted = {
        "level1": ("level I adventure cards completed",
                   sum(a["level"] == 1 for t in players for a in t["adventures"])),
        "level2": ("level II adventure cards completed",
                   sum(a["level"] == 2 for t in players for a in t["adventures"])),
        "item": ("item cards left in hand", sum(t["items"] for t in players)),
        "companion": ("companion cards", sum(len(t["companions"]) for t in players)),
        # a map token removed is an incomplete card in front of its player, out of the deck too
        "journey": ("journey cards completed or in front of a player with map tokens removed",
                    sum(len((t.get("journey") or {}).get("completed", []))
                        + bool((t.get("journey") or {}).get("removed")) for t in players)),
    }
    for deck, (what, count) in counted.items():
        if count > DECKS[deck]:
            raise BadRequest(f"{count} {what}, all players together: the game has "
                             f"{DECKS[deck]}", "players", citation=Citation(GAME, deck_line(deck)))


def score_tallies(players: list[dict], table: dict) -> dict:
    """The breakdown, ranking and tie-break for already valid tallies."""
    out = []
    for tally in players:
        lines = player_lines(tally, table)
        entry = {"seat": tally.get("seat", tally["name"]), "name": tally["name"],
                 "total": sum(x["points"] for x in lines), "items": tally["items"],
                 "breakdown": lines}
        if tally.get("falconer"):
            entry["falconer"] = True
        out.append(entry)
    solo = any(t.get("falconer") for t in players)
    ranked = rank([{"id": e["seat"], "name": e["name"], "total": e["total"],
                    "items": e["items"]} for e in out], solo)
    return {"players": out, **ranked}


def score(tallies) -> dict:
    """POST /api/score/pilgrims: the end-of-game calculator for a table that did not track play."""
    checked = validate(tallies)
    return score_tallies(checked["players"], checked)
