"""Pillars of Fate — the referee and the end-of-game calculator.

The package: `rules` (the quoted sentences, constants, table rulings), `schemas` (events, positions,
tallies), `resolve` (an Age's lanes resolved, shared by live scores and the calculator), `game` (the
referee).

The table: two players, Sun and Moon (the two champion decks), face each other across three quest
LANES. The lanes are named `left`, `center` and `right` as the Sun player sees them (from the Moon
player's seat, `left` is on the right). The center lane holds the Age's quest modifier. Each lane holds
a quest card (its two conditional rewards, entered: the feather path and the scorpion path, either
may be negative), a pillar marker (on the quest, or moved to a player's side), and each player's cards
in the order played (position 1 is the first card a player played into that lane).

What the book does not print is entered, never guessed: a champion card by its power and icons as the
player reads it; a quest card by its two rewards; a Divine card by its name (the glossary gives its
text) and its printed power and icons (or read from referee/data/pillars-of-fate-divine.json, shipped
with only the names and texts the book prints); whether a Divine card carries the must-be-played-face-up
icon (`face_up_icon`). Hands may be entered (`hand`, or the cards drawn with a `play`), or only counted.

Hidden information: a hand's cards, a face-down card's identity and power, and the Divine cards a
player kept are seen only by their owner (`visible_state` / `visible_event`); the opponent sees counts,
and that a face-down card is Divine (its back is unique). Live scores (`scores`) use only what every
seat sees; each seat's own view of the lanes, with its own face-down cards counted, is `live` in
`visible_state(seat)`.

Phases: draft (the Divine draft) -> quests (an Age's quests and modifier are entered) -> turns (play a
card, draw back up to 5) -> action (a Divine card's action: Sorcerer's exchange, Namari's look) ->
ties (the pillar holder breaks a tie) -> quests of the next Age ... -> over after Age III.

Readings the book leaves open are the table rulings in OPTIONS (defaults: the most literal reading).
Readings that are not options, because the book leaves one reading (docs/games/pillars-of-fate.md):
  - Hands are kept from one Age to the next (only the play area is cleared) and are never refilled
    except by the draw after a play; a Divine card comes from the set-aside three, not the hand.
  - A card's Divine effects apply wherever the card lies once revealed, face up or face down, except
    as Arbiter and Klar print; an action card (Sorcerer, Namari) acts when played, whatever its face.
  - The card Sorcerer puts into a lane takes the place (and face) of the card it replaces.
  - Effects on a card's printed values apply in this order: the card's own value (face-down Klar and
    Arbiter; Invictus' copy of the printed values above it), its owner's Saghari/Aponi/Belan, the
    opponent's Pentha/Isabel, then the lane modifier; then the lane totals (Eradan, Steward).
  - A quest modifier used in one Age is not used again ("a new quest modifier"; 9 tokens).
"""

from .game import Game

__all__ = ["Game"]
