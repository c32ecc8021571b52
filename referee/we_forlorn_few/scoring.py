"""Standings: how far each Traveler is from Newhaven, Companions left, Ailments against their
limits, Ravenous or not; at the end, the winner (the first to reach Newhaven, or nobody) and the
rule that decided it. The calculator answers the same from tallies."""

from __future__ import annotations

from referee.core import BadRequest, Citation
from referee.core.engine import PLAYER_NAME

from .board import (
    AILMENT_LIMIT,
    AILMENTS,
    ARRIVED,
    CEDAR_FALLS,
    COMPANIONS,
    NEWHAVEN,
    OUT,
    RAVENOUS,
    RAVENOUS_DEATH,
    STATUSES,
    TRAVELER,
    WORDS,
    city,
    distances,
)
from .quotes import (
    Q_ALL_RAVENOUS,
    Q_FOUR_COMPANIONS,
    Q_FOURTH_HUNGER,
    Q_NEWHAVEN,
    Q_OBJECTIVE,
    Q_RAVENOUS_GOAL,
    Q_SKULL_LOWERS,
    Q_THRESHOLD,
    Q_TURN_RAVENOUS,
    Q_TURNS_RAVENOUS_WHEN,
    Q_WINTER,
)

GAME = "we-forlorn-few"


def rule(quote: str) -> dict:
    return Citation(GAME, quote).to_json()


def progress_line(crossing: int, to_go: int | None, status: str, tile: str | None = None,
                  cut_off: bool = False) -> dict:
    """`tile` (the standings) or `cut_off` (the calculator): a Player on the board with no way
    left to Newhaven (a Season card removed the tiles between); they may still travel."""
    if status == ARRIVED:
        return {"label": "Reached Newhaven", "points": crossing, "counts": "journey over",
                "rule": rule(Q_NEWHAVEN)}
    if to_go is None:
        return {"label": "Tiles crossed toward Newhaven", "points": 0,
                "counts": f"no way left to Newhaven from {tile}" if tile
                else "no way left to Newhaven" if cut_off else "off the board",
                "rule": rule(Q_OBJECTIVE)}
    return {"label": "Tiles crossed toward Newhaven", "points": max(0, crossing - to_go),
            "counts": f"{to_go} tile(s) to go", "rule": rule(Q_OBJECTIVE)}


def standings(game) -> dict:
    G = game.G
    tiles = G["tiles"]
    to_newhaven = distances(tiles, city(tiles, NEWHAVEN))
    crossing = to_newhaven.get(city(tiles, CEDAR_FALLS), 0)
    players = []
    for seat in G["order"]:
        board = G["players"][seat]
        to_go = to_newhaven.get(board["tile"]) if board["tile"] else None
        lines = [progress_line(crossing, to_go, board["status"], board["tile"])]
        if board["status"] == RAVENOUS:
            lines.append({"label": "Ravenous", "points": 0,
                          "counts": f"Hunger {board['hunger']} of {RAVENOUS_DEATH}",
                          "rule": rule(Q_TURN_RAVENOUS)})
        elif board["status"] == OUT:
            winter = seat in ((G["end"] or {}).get("perished") or ())
            lines.append({"label": "Out of the game", "points": 0,
                          "counts": "perished when Winter set in" if winter else "perished",
                          "rule": rule(Q_WINTER if winter else Q_FOURTH_HUNGER)})
        elif board["status"] != ARRIVED:
            lines.append({"label": "Companions", "points": 0,
                          "counts": f"{board['companions']} of {COMPANIONS}",
                          "rule": rule(Q_THRESHOLD)})
            for kind in AILMENTS:
                skulls = board["skulls"][kind]
                lines.append({
                    "label": WORDS[kind], "points": 0,
                    "counts": f"{board['ailments'][kind]} of {AILMENT_LIMIT - skulls}"
                              + (f" ({skulls} Skull{'s' if skulls > 1 else ''})" if skulls else ""),
                    "rule": rule(Q_SKULL_LOWERS if skulls else Q_THRESHOLD)})
        players.append({"seat": seat, "name": game.player_name(seat),
                        "total": sum(line["points"] for line in lines), "breakdown": lines,
                        "status": board["status"]})
    end = G["end"]
    winners = G["arrivals"][:1]
    if end is None:
        decided = {"text": f"Round {G['round']}: nobody has reached Newhaven yet."
                   if not winners else f"{game.player_name(winners[0])} reached Newhaven first.",
                   "rule": rule(Q_OBJECTIVE)}
        if not game.game_over:
            winners = winners if game.option("game_ends_at") == "all_journeys" else []
    elif winners:
        decided = {"text": f"{game.player_name(winners[0])} reached Newhaven first. {end['text']}",
                   "rule": rule(Q_NEWHAVEN)}
    elif end["reason"] == "ravenous" and \
            game.option("all_ravenous_winners") == "surviving_ravenous":
        winners = [seat for seat in G["order"] if G["players"][seat]["status"] == RAVENOUS]
        decided = ravenous_survivors(end["text"], [game.player_name(s) for s in winners])
    else:
        decided = {"text": f"{end['text']} Nobody reached Newhaven: there is no winner.",
                   "rule": rule(end["quote"])}
    return {"players": players, "winners": winners, "decided_by": decided,
            "final": game.game_over}


SCORE_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "We Forlorn Few standings",
    "type": "object",
    "properties": {
        "crossing": {"type": "integer", "minimum": 1, "maximum": 25,
                     "description": "tiles from Cedar Falls to Newhaven"},
        "all_ravenous_winners": {"enum": ["none", "surviving_ravenous"],
                                 "description": "the table ruling of that name: when every "
                                                "Traveler turned Ravenous and nobody reached "
                                                "Newhaven, nobody wins (none, the default) or "
                                                "the Ravenous still in the game do"},
        "winter": {"type": "boolean",
                   "description": "the game ended at Winter: a new round began with no Season "
                                  "card left, and everyone still on the board perished"},
        "players": {"type": "array", "minItems": 1, "maxItems": 5, "items": {
            "type": "object",
            "properties": {
                "name": PLAYER_NAME,
                "status": {"enum": list(STATUSES)},
                "tiles_to_go": {"type": "integer", "minimum": 0, "maximum": 25},
                "companions": {"type": "integer", "minimum": 0,
                               "description": f"a Traveler's Companions on the Player board "
                                              f"(up to {COMPANIONS}; more is refused with the "
                                              "book's sentence)"},
                "cut_off": {"type": "boolean",
                            "description": "a Traveler (or Ravenous Player) on the board with no "
                                           "way left to Newhaven: a Season card removed the "
                                           "tiles between (instead of tiles_to_go)"},
                "arrived": {"type": "integer", "minimum": 1, "maximum": 5,
                            "description": "1 for the first to reach Newhaven, 2 for the next… "
                                           "(needed when more than one Player arrived)"},
            },
            "required": ["name", "status"],
            "additionalProperties": False,
        }},
    },
    "required": ["crossing", "players"],
    "additionalProperties": False,
    "examples": [{"crossing": 5, "players": [
        {"name": "Ann", "status": "arrived", "arrived": 1},
        {"name": "Bob", "status": "traveler", "tiles_to_go": 2, "companions": 3},
        {"name": "Cleo", "status": "ravenous", "tiles_to_go": 3}]}],
}


def ravenous_survivors(ended: str, names: list[str]) -> dict:
    """Table ruling all_ravenous_winners: surviving_ravenous — the Ravenous still in the game when
    every Traveler has turned Ravenous met their Goal."""
    if not names:
        return {"text": f"{ended} Nobody reached Newhaven and no Ravenous Player survived: "
                        "there is no winner.", "rule": rule(Q_RAVENOUS_GOAL)}
    return {"text": f"{ended} Nobody reached Newhaven; {', '.join(names)} survived as Ravenous "
                    "and met the Ravenous Goal (table ruling all_ravenous_winners).",
            "rule": rule(Q_RAVENOUS_GOAL)}


def arrival_order(tallies: dict) -> str | None:
    """The seat of the first to reach Newhaven, from the tallies' `arrived` ranks (the only
    arrival needs none); BadRequest naming the field of an order that cannot be."""
    arrived = [n for n, given in enumerate(tallies["players"]) if given["status"] == ARRIVED]
    ranks = {}
    for n, given in enumerate(tallies["players"]):
        field = f"players[{n}].arrived"
        if "arrived" in given and n not in arrived:
            raise BadRequest("only a Player who reached Newhaven has an arrival order", field)
        if n in arrived and "arrived" not in given and len(arrived) > 1:
            raise BadRequest(f"{len(arrived)} Players reached Newhaven: enter the order they "
                             "arrived (1 for the first, who wins)", field)
        if "arrived" in given:
            if given["arrived"] in ranks.values():
                raise BadRequest(f"two Players cannot both have arrived {given['arrived']}",
                                 field)
            if given["arrived"] > len(arrived):
                raise BadRequest(f"{len(arrived)} Player(s) reached Newhaven: the order runs "
                                 f"from 1 to {len(arrived)}", field)
            ranks[n] = given["arrived"]
    if len(arrived) == 1:
        return f"p{arrived[0] + 1}"
    return next((f"p{n + 1}" for n, rank in ranks.items() if rank == 1), None)


def score(tallies: dict) -> dict:
    crossing = tallies["crossing"]
    first = arrival_order(tallies)
    players = []
    for n, given in enumerate(tallies["players"]):
        if given.get("companions", 0) > COMPANIONS:
            raise BadRequest(f"a Traveler has at most {COMPANIONS} Companions, not "
                             f"{given['companions']}", f"players[{n}].companions",
                             citation=Citation(GAME, Q_FOUR_COMPANIONS))
        if given.get("tiles_to_go") == 0 and given["status"] != ARRIVED:
            raise BadRequest("0 tiles to go is Newhaven: a Traveler there has arrived (a "
                             "Ravenous one cannot move onto it)", f"players[{n}].tiles_to_go")
        if tallies.get("winter") and given["status"] in (TRAVELER, RAVENOUS):
            raise BadRequest(f"Winter set in: a Player still on the board perished (status "
                             f"\"out\"): “{Q_WINTER}”", f"players[{n}].status")
        if given["status"] in (RAVENOUS, OUT) and given.get("companions", 0) > 0:
            raise BadRequest(f"a {given['status']} Player has no Companion left: "
                             f"“{Q_TURNS_RAVENOUS_WHEN}”", f"players[{n}].companions")
        if given.get("cut_off") and given["status"] not in (TRAVELER, RAVENOUS):
            raise BadRequest(f"only a Player still on the board can be cut off from Newhaven, "
                             f"not one {'in Newhaven' if given['status'] == ARRIVED else 'out'}",
                             f"players[{n}].cut_off")
        if given["status"] == ARRIVED and given.get("tiles_to_go"):
            raise BadRequest(f"a Player in Newhaven has no tile left to cross: “{Q_NEWHAVEN}” "
                             "(leave tiles_to_go out, or enter the Player's status)",
                             f"players[{n}].tiles_to_go")
        if given.get("cut_off") and "tiles_to_go" in given:
            raise BadRequest("a Player cut off from Newhaven has no tiles to go: enter one or "
                             "the other", f"players[{n}].tiles_to_go")
        seat = f"p{n + 1}"
        status = given["status"]
        to_go = 0 if status == ARRIVED else given.get("tiles_to_go")
        lines = [progress_line(crossing, None if status == OUT else to_go, status,
                               cut_off=given.get("cut_off", False))]
        if status == OUT and to_go is not None:  # entered, and not what counts: say so
            lines[0]["counts"] = (f"off the board: the {to_go} tile(s) to go where they perished "
                                  "count for nothing")
        if status not in (ARRIVED, OUT, RAVENOUS) and "companions" in given:
            lines.append({"label": "Companions", "points": 0,
                          "counts": f"{given['companions']} of {COMPANIONS}",
                          "rule": rule(Q_THRESHOLD)})
        players.append({"seat": seat, "name": given["name"],
                        "total": sum(line["points"] for line in lines), "breakdown": lines})
    if first is None:
        decided = no_arrival(tallies)
        if decided["rule"]["quote"] == Q_ALL_RAVENOUS and \
                tallies.get("all_ravenous_winners") == "surviving_ravenous":
            survivors = [p for p, given in zip(players, tallies["players"], strict=True)
                         if given["status"] == RAVENOUS]
            decided = ravenous_survivors("Every Traveler turned Ravenous: the game is over.",
                                         [p["name"] for p in survivors])
            return {"players": players, "winners": [p["seat"] for p in survivors],
                    "decided_by": decided}
        return {"players": players, "winners": [], "decided_by": decided}
    name = next(p["name"] for p in players if p["seat"] == first)
    return {"players": players, "winners": [first],
            "decided_by": {"text": f"{name} reached Newhaven first.", "rule": rule(Q_NEWHAVEN)}}


def no_arrival(tallies: dict) -> dict:
    """Why nobody won a table where nobody reached Newhaven: Winter came (`winter`), every
    Traveler turned Ravenous (nobody is still a Traveler), or the game goes on."""
    if tallies.get("winter"):
        return {"text": "Winter: a new round began with no Season card left, and everyone still "
                        "on the board perished. Nobody reached Newhaven: there is no winner.",
                "rule": rule(Q_WINTER)}
    if any(given["status"] == TRAVELER for given in tallies["players"]):
        return {"text": "Nobody has reached Newhaven yet, and Travelers are still on their way: "
                        "no winner yet.", "rule": rule(Q_OBJECTIVE)}
    return {"text": "Every Traveler turned Ravenous: the game is over. Nobody reached Newhaven: "
                    "there is no winner.", "rule": rule(Q_ALL_RAVENOUS)}
