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
DISPLAY_RATIO = {1: (3, 2), 2: (3, 2), 3: (2, 3), 4: (2, 3)}
ROUNDS, TURNS, MOVEMENT_SPACES = 4, 3, 4
PARTY_SIZE, RESERVE_SIZE, QUILLS = 3, 1, 2
SIDE_A_LEADER_ABILITIES = ["move", "reserve"]
FALCONER = "falconer"
FIGURES = ("falcon", "falconer")
