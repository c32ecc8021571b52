"""The table's components as numbers: the 5x5 map, the decks, rounds and turns, the party and reserve
sizes, the solo difficulties.

The map is 5 rows of 5 spaces ("The map is divided into 25 spaces", replenished "row by row"); a
space is [row, column], 1-based from the top-left.
"""

from __future__ import annotations

DIFFICULTY = {"easy": "AB", "medium": "BC", "hard": "AD", "hardcore": "CD"}
CORNERS = ([1, 1], [1, 5], [5, 1], [5, 5])
MIDDLE = [3, 3]
SIZE = 5
DECKS = {"item": 64, "companion": 32, "level1": 20, "level2": 17, "journey": 18}
DECK_NAMES = {"item": "item", "companion": "companion", "level1": "level I adventure",
              "level2": "level II adventure", "journey": "journey"}
DISPLAY_RATIO = {1: (3, 2), 2: (3, 2), 3: (2, 3), 4: (2, 3)}
ROUNDS, TURNS, MOVEMENT_SPACES = 4, 3, 4
PARTY_SIZE, RESERVE_SIZE, QUILLS = 3, 1, 2
SIDE_A_LEADER_ABILITIES = ["move", "reserve"]
FALCONER = "falconer"
FIGURES = ("falcon", "falconer")


# --- geometry on the map ---------------------------------------------------------------------------

def deck_line(deck: str) -> str:
    """The deck's line of Game Components, as printed ("• 64 item cards")."""
    return f"• {DECKS[deck]} {DECK_NAMES[deck]} cards"


def on_map(space) -> bool:
    return 1 <= space[0] <= SIZE and 1 <= space[1] <= SIZE


def orthogonally_adjacent(a, b) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def steps_apart(a, b) -> int:
    """How many 1-space moves in any direction (orthogonal or diagonal) lead from a to b."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def straight_between(a, b) -> list[list[int]] | None:
    """The spaces strictly between a and b when they lie on one row, column or diagonal; None when
    they do not (then the path is the movement diagram's, which the rulebook does not print)."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    if dr and dc and abs(dr) != abs(dc):
        return None
    n = max(abs(dr), abs(dc))
    if n == 0:
        return []
    step = (dr // n, dc // n)
    return [[a[0] + step[0] * k, a[1] + step[1] * k] for k in range(1, n)]


def strictly_inside(space, a, b) -> bool:
    """`space` lies in the rectangle spanned by a and b and is neither of them."""
    rows = sorted((a[0], b[0]))
    cols = sorted((a[1], b[1]))
    return (rows[0] <= space[0] <= rows[1] and cols[0] <= space[1] <= cols[1]
            and list(space) not in (list(a), list(b)))


def space_name(space) -> str:
    """A map space as the table reads it: column letter A–E, then row 1–5 ([4, 2] is B4)."""
    row, column = space
    return f"{'ABCDE'[column - 1]}{row}"
