"""Pillars of Fate: the rulebook's sentences the referee quotes, the constants, the Divine cards' glossary
and the table rulings (options) where the book leaves a reading open."""

from __future__ import annotations

import json
from pathlib import Path

from ..core.rules import BadRequest, Citation, Option, citations

# -- constants -------------------------------------------------------------------------------------

SEATS = ("sun", "moon")
LANES = ("left", "center", "right")  # as the Sun player sees them
AGES = (1, 2, 3)
ROMAN = {1: "I", 2: "II", 3: "III"}
HAND_SIZE = 5
SET_ASIDE = 4

DIVINE_DATA = json.loads(
    (Path(__file__).parents[1] / "data" / "pillars-of-fate-divine.json").read_text(encoding="utf-8"))
DIVINE_NAMES = tuple(DIVINE_DATA["cards"])
GLOSSARY = {name: f"{name} - {card['text']}" for name, card in DIVINE_DATA["cards"].items()}

# -- the rules, quoted -----------------------------------------------------------------------------

Q_64 = "64 Champion Cards"
Q_20_DIVINE = "20 Divine Cards"
Q_SIDE = ("Each player takes the sun or moon champion deck (different color backs), shuffles it, "
          "and draws 4 cards to place to the side.")
Q_KEEP = "Players simultaneously select 1 card to keep, passing the other 2 to their opponent."
Q_SET_ASIDE = "Each player sets their 3 Divine cards aside."
Q_AGE1_QUESTS = ("Shuffle the quest cards by Age. Place 3 Age I quest cards in a row on the table, "
                 "between both players.")
Q_MODIFIER_SETUP = "Place 1 random quest modifier token face up on the center quest."
Q_PILLAR_SETUP = "Place 1 pillar marker on each quest."
Q_DRAW5 = "Each player draws 5 cards from their champion deck."
Q_START = "Choose a starting player and give them the 1st player marker."
Q_REWARDS = "Omega symbols are positive renown and sickles are negative renown."
Q_POWER_VALUE = "Power Value: Number representing the card's strength."
Q_ALTERNATE = ("During each Age, players alternate turns, strategically placing cards from their "
               "hand into 3 quest lanes.")
Q_FROM_HAND = "placing cards from their hand into 3 quest lanes"
Q_AGE_ENDS = "An Age ends when each of the 3 lanes are full."
Q_PLAY = "First, play 1 card into any lane."
Q_CAPACITY = "Each lane can hold up to 3 cards per player."
Q_FACE_DOWN = "1 card per lane may be played face down."
Q_PILLAR = "If you are the first to place a face-up card in a lane, move the pillar to your side."
Q_DRAW = "Then, draw back up to 5 cards."
Q_DIVINE_MUST = "Once per Age, you must play a Divine card."
Q_DIVINE_SELECT = "You may select from any of your 3 unplayed Divine cards."
Q_DIVINE_FACE_UP = ("While some Divine cards must be played face up, indicated by an icon, most "
                    "Divine cards can be played face down.")
Q_DIVINE_BACK = ("Even when played face down, your opponent will be aware that you've played a "
                 "Divine card in that position because of their unique back.")
Q_DIVINE_ACTION = ("The Divine cards that must be played face up usually possess an action that you "
                   "will perform immediately upon playing.")
Q_DIVINE_ONE = "You cannot use more than 1 of your Divine cards each Age."
Q_ADJACENT = ("Divine cards possess special powers that can significantly influence your control "
              "over a lane or even adjacent lanes.")
Q_MODIFIER_BOTH = ("During setup a quest modifier was placed on the center quest, which applies to "
                   "both sides in this specific lane.")
Q_RESOLVE = "The end of an Age triggers when each of the 3 lanes are full."
Q_REVEAL = "Reveal all face-down cards."
Q_COUNT = "Count the number of feather and scorpion icons for each player."
Q_DOMINANT = "The dominant suit determines which conditional reward applies."
Q_HIGHEST = "The player with the highest power total wins the quest."
Q_TIES = ("Ties in either suit or power are decided by the player that holds the pillar for that "
          "lane.")
Q_TIE_PICK = ("In a tie for suit, that player will pick either suit, and in a tie for power, that "
              "player will pick who wins.")
Q_AWARD = "Award renown according to the conditional rewards for each quest."
Q_REMOVE = "Remove all quests, modifiers, and cards from the play area."
Q_NEW_QUESTS = "Place 3 new quest cards that match the current Age."
Q_NEW_MODIFIER = "Place a new quest modifier on the middle quest."
Q_RETURN_PILLARS = "Return the pillars to the top of the quest cards."
Q_PASS_MARKER = "Pass the 1st player marker."
Q_GAME_END = "After 3 Ages, players count their victory point tokens."
Q_MOST = "The player with the most renown wins."
Q_TIEBREAK = "Tie breaker: Whoever has more pillars in the last round wins."
Q_NEGATIVE_TIP = ("Consider whether winning a quest is worthwhile – some conditional rewards award "
                  "negative renown.")

MODIFIERS = {
    "double_power": "Each first card played will have its power doubled.",
    "double_suit": "Each first card played will have its suit doubled.",
    "no_power": "Each first card played will have no power.",
    "no_suit": "Each first card played will have no suit.",
    "two_cards": "Play only 2 cards in this lane.",
    "four_cards": "Play 4 cards in this lane.",
    "two_face_down": "2 cards can be played face down in this lane.",
    "least_power": "The player with the least power will win this lane.",
    "no_divine": "No Divine cards may be played in this lane.",
}
FIRST_CARD_MODIFIERS = ("double_power", "double_suit", "no_power", "no_suit")


# -- table rulings ---------------------------------------------------------------------------------

OPTIONS = {
    "face_down_limit": Option(
        "Whose limit '1 card per lane may be played face down' is. 'per_lane' (default, as printed): "
        "one face-down card in a lane, whichever player plays it. 'per_player': each player may "
        "play one face-down card in each lane (as the capacity line next to it is per player).",
        {"enum": ["per_lane", "per_player"]}, "per_lane",
        citations("pillars-of-fate", Q_FACE_DOWN, Q_CAPACITY)),
    "naka_second_place": Option(
        "Whose is the second face-down place Naka gives a lane both players share. 'owner' "
        "(default): Naka's 'Your other quest lanes' read as Eradan's 'Your other lanes', the "
        "owner's side: only Naka's owner may lay the lane's second face-down card (an opponent's "
        "card laid second is refused). 'lane': the lane may have 2 face-down cards, whoever lays "
        "them.",
        {"enum": ["owner", "lane"]}, "owner",
        citations("pillars-of-fate", GLOSSARY["Naka"], Q_FACE_DOWN, GLOSSARY["Eradan"])),
    "face_down_divine_counts": Option(
        "Whether a Divine card played face down counts toward the face-down limit. true (default): "
        "it is a card played face down. false: its unique back shows it is Divine, so it hides "
        "nothing and does not use the lane's face-down place.",
        {"type": "boolean"}, True,
        citations("pillars-of-fate", Q_FACE_DOWN, Q_DIVINE_BACK)),
    "dominant_suit": Option(
        "Whose icons decide a lane's dominant suit. 'both' (default): every feather and scorpion in "
        "the lane, both players' counted. 'winner': the icons of the player who wins the lane.",
        {"enum": ["both", "winner"]}, "both",
        citations("pillars-of-fate", Q_COUNT, Q_DOMINANT)),
    "quest_reward_to": Option(
        "Who receives a quest's conditional reward. 'winner' (default): the lane's winner, positive "
        "or negative. 'negative_to_loser': a positive reward to the winner, a negative one to the "
        "player who lost the lane.",
        {"enum": ["winner", "negative_to_loser"]}, "winner",
        citations("pillars-of-fate", Q_AWARD, Q_HIGHEST, Q_NEGATIVE_TIP)),
    "opposite": Option(
        "Which opponent card is 'opposite' Pentha or Isabel. 'same_position' (default): the "
        "opponent's card at the same position in that lane (both players' first cards are opposite, "
        "and so on), whenever it is played. 'named': the player names (`opposite`) one of the "
        "opponent's cards already in that lane when playing the card.",
        {"enum": ["same_position", "named"]}, "same_position",
        citations("pillars-of-fate", GLOSSARY["Pentha"], GLOSSARY["Isabel"])),
    "invictus_copies": Option(
        "Which card Invictus copies when more than one of your cards is above it. 'named' "
        "(default: 'a card above it'): the player names its position (`copies`). "
        "'directly_above': the card played just before it in that lane.",
        {"enum": ["named", "directly_above"]}, "named",
        citations("pillars-of-fate", GLOSSARY["Invictus"])),
    "invictus_copies_texts": Option(
        "What Invictus copies of a card the opponent's Pentha or Isabel opposite it changed (your "
        "own Saghari, Aponi or Belan cannot share an Age with your Invictus). 'printed' "
        "(default, as the referee always read it): the card's own suit and power ('Power Value: "
        "Number representing the card's strength.'). 'as_it_stands': the suit and power the "
        "opposite card left it (a card Pentha zeroed is copied as 0, one Isabel reversed as "
        "reversed). The center's modifier is invictus_first_card's.",
        {"enum": ["printed", "as_it_stands"]}, "printed",
        citations("pillars-of-fate", GLOSSARY["Invictus"], Q_POWER_VALUE, GLOSSARY["Pentha"],
                  GLOSSARY["Isabel"])),
    "invictus_first_card": Option(
        "What Invictus copies from your first card in the center under a first-card modifier "
        "('Each first card played will have its power doubled.', its suit doubled, no power, no "
        "suit). 'own_values' (default): the card's own suit and power (as printed, or as its own "
        "text reads face down: Klar's -1, Arbiter's 4 scorpions) — the modifier names the first "
        "card played, and Invictus is not it. 'modified': the suit and power as the modifier "
        "left them.",
        {"enum": ["own_values", "modified"]}, "own_values",
        citations("pillars-of-fate", GLOSSARY["Invictus"], MODIFIERS["double_power"],
                  Q_MODIFIER_BOTH)),
    "first_card_modifier_order": Option(
        "The order of the center's first-card modifier and the Divine cards' texts on your first "
        "card there (the book prints none). 'divine_first' (default, as the referee always read "
        "it): the card's power value and icons as printed, its own face-down text (Klar's -1, "
        "Arbiter's 4 scorpions) and your Saghari's and Aponi's act first, the modifier on what "
        "they left (a 3 beside Saghari: 7, doubled 14; a face-down Klar doubled: -2, under 'no "
        "power': 0; a face-down Arbiter under 'no suit': none). 'modifier_first': the modifier "
        "on the printed card, then the texts (a doubled 3 is 6 and Saghari leaves it; a doubled 4 "
        "has a power of 8 and Aponi makes it 2; a face-down Klar is -1 and a face-down Arbiter 4 "
        "scorpions under any modifier). Pentha, Isabel and Belan give the same totals either "
        "way.",
        {"enum": ["divine_first", "modifier_first"]}, "divine_first",
        citations("pillars-of-fate", GLOSSARY["Saghari"], GLOSSARY["Aponi"], GLOSSARY["Klar"],
                  GLOSSARY["Arbiter"], MODIFIERS["double_power"], MODIFIERS["double_suit"],
                  MODIFIERS["no_power"], MODIFIERS["no_suit"], Q_POWER_VALUE)),
    "steward_sides": Option(
        "From whose seat the Steward's left and right are read. 'owner' (default): as the player "
        "who played it sees the lanes (the card faces its owner). 'table': as the lanes are named "
        "(from the Sun player's seat).",
        {"enum": ["owner", "table"]}, "owner",
        citations("pillars-of-fate", GLOSSARY["Steward"])),
    "steward_reach": Option(
        "Which lanes the Steward reaches. 'all' (default: 'Lanes to the left of this card'): every "
        "lane on that side. 'adjacent': only the lane next to it on each side (Divine powers "
        "'influence ... adjacent lanes').",
        {"enum": ["all", "adjacent"]}, "all",
        citations("pillars-of-fate", GLOSSARY["Steward"], Q_ADJACENT)),
    "steward_icons_to": Option(
        "Where the Steward's 2 icons go. 'lane' (default: 'total'): to the lane's total, whoever's "
        "icons decide the dominant suit. 'owner': to the icons of the player who played it.",
        {"enum": ["lane", "owner"]}, "lane",
        citations("pillars-of-fate", GLOSSARY["Steward"], Q_COUNT)),
    "belan_includes_itself": Option(
        "Whether Belan reverses its own suit. true (default: 'All of your cards played in the same "
        "lane'). false: only your other cards (as Aponi and Saghari say 'other').",
        {"type": "boolean"}, True,
        citations("pillars-of-fate", GLOSSARY["Belan"], GLOSSARY["Aponi"])),
    "eradan_power": Option(
        "Eradan's 'additional 2 power'. 'lane_total' (default): +2 to your power total in each of "
        "your other lanes (the lane is won on a 'power total'). 'each_card': +2 to each of your "
        "cards there.",
        {"enum": ["lane_total", "each_card"]}, "lane_total",
        citations("pillars-of-fate", GLOSSARY["Eradan"], Q_HIGHEST)),
    "first_card": Option(
        "Which card 'Each first card played' means (the four first-card modifiers). 'each_player' "
        "(default): each player's first card in the lane. 'lane_first': only the first card played "
        "into the lane, by either player.",
        {"enum": ["each_player", "lane_first"]}, "each_player",
        citations("pillars-of-fate", MODIFIERS["double_power"], Q_MODIFIER_BOTH)),
    "sorcerer_first_place": Option(
        "A card Sorcerer puts in at your first center place under a first-card modifier. "
        "'first_place' (default, the old play): it takes the place and its modifier. "
        "'played_only': it was not played: not modified.",
        {"enum": ["first_place", "played_only"]}, "first_place",
        citations("pillars-of-fate", GLOSSARY["Sorcerer"], MODIFIERS["double_power"])),
    "lane_size_modifiers": Option(
        "How 'Play only 2 cards' and 'Play 4 cards in this lane' count. 'per_player' (default: "
        "they modify the 3 cards per player). 'per_lane': the number is the lane's total, half each.",
        {"enum": ["per_player", "per_lane"]}, "per_player",
        citations("pillars-of-fate", MODIFIERS["two_cards"], MODIFIERS["four_cards"], Q_CAPACITY)),
    "divine_required": Option(
        "How 'Once per Age, you must play a Divine card' is enforced. 'refuse' (default): a play "
        "that would leave a player who has not played a Divine card this Age no place to play one "
        "is refused (the center under 'No Divine cards may be played in this lane.' is no such "
        "place). 'not_enforced': the table keeps it; the referee only shows who still must.",
        {"enum": ["refuse", "not_enforced"]}, "refuse",
        citations("pillars-of-fate", Q_DIVINE_MUST, Q_DIVINE_SELECT, MODIFIERS["no_divine"])),
    "unheld_pillar_ties": Option(
        "A tie in a lane whose pillar never moved (no face-up card was placed there). 'undecided' "
        "(default): nobody holds the pillar, so nobody decides: a power tie leaves the quest "
        "unwon, a suit tie leaves no reward. 'first_player': the holder of the 1st player marker "
        "decides.",
        {"enum": ["undecided", "first_player"]}, "undecided",
        citations("pillars-of-fate", Q_TIES, Q_PILLAR)),
    "mother_to_all_unwon": Option(
        "Whether a lane nobody won (a tie nobody decides: `unheld_pillar_ties: undecided`) is lost "
        "for Mother to All. 'not_lost' (default): a lane is lost when the opponent wins it, as "
        "the book's only outcome of a lane is its winner's. 'lost': Mother to All's owner did not "
        "win it, so it counts as lost.",
        {"enum": ["not_lost", "lost"]}, "not_lost",
        citations("pillars-of-fate", GLOSSARY["Mother to All"], Q_HIGHEST, Q_TIES)),
    "unheld_pillar_at_end": Option(
        "The game-end tie-break counts pillars 'in the last round'; a pillar that never moved. "
        "'nobody' (default): it counts for no one. 'first_player': it counts for the holder of "
        "the 1st player marker in Age III.",
        {"enum": ["nobody", "first_player"]}, "nobody",
        citations("pillars-of-fate", Q_TIEBREAK, Q_RETURN_PILLARS)),
    "tie_past_pillars": Option(
        "Renown tied and the last round's pillars tied too: the book's tie-breaker is its last "
        "word. 'no_winner' (default: neither player has the most renown nor more pillars, and "
        "the book names no other winner). 'shared': both players share the victory.",
        {"enum": ["no_winner", "shared"]}, "no_winner",
        citations("pillars-of-fate", Q_MOST, Q_TIEBREAK)),
    "renown_floor": Option(
        "Whether renown can fall below zero. 'none' (default: negative renown is printed and no "
        "floor is). 'zero': a player cannot lose renown they do not have (score tokens).",
        {"enum": ["none", "zero"]}, "none",
        citations("pillars-of-fate", Q_REWARDS, Q_GAME_END)),
    "divine_duplicates": Option(
        "Whether two Divine cards of one name may be dealt. 'allowed' (default, as printed: the "
        "box holds 20 Divine cards and the glossary names 16, so some name is printed twice): a "
        "player may keep a card and pass another of the same name. 'none': the table's Divine "
        "deck holds one card of each name, so a draft that keeps a card and passes the same name, "
        "or passes one name twice, names a card twice and is refused.",
        {"enum": ["allowed", "none"]}, "allowed",
        citations("pillars-of-fate", Q_20_DIVINE, Q_KEEP)),
    "champion_deck_size": Option(
        "Cards in each champion deck. The book prints 64 champion cards in two decks; 32 each "
        "(default) unless your copy differs. Only a smaller deck can run out before an Age's "
        "places do, and the book is silent on drawing back up to 5 from an empty deck: nothing "
        "is drawn and nothing is refused; a player with places left and no card to play is "
        "passed over, and the Age ends when neither can play.",
        {"type": "integer", "minimum": 20, "maximum": 64}, 32,
        citations("pillars-of-fate", Q_64, Q_SIDE)),
}


class TableRefused(BadRequest):
    """A position or a calculator's tally holding what a play would have been refused for: a 400
    naming the field (it is what lies on the table, not a move), quoting the sentence the play's
    refusal quotes."""

    def __init__(self, message: str, field: str, quote: str, code: str = "bad_request"):
        super().__init__(message, field, code, Citation("pillars-of-fate", quote))


def other(seat: str) -> str:
    return "moon" if seat == "sun" else "sun"


def seat_word(seat: str) -> str:
    return seat.title()


def card_text(card: dict) -> str:
    icons = []
    if card.get("feathers"):
        icons.append(f"{card['feathers']} feather{'s' * (card['feathers'] != 1)}")
    if card.get("scorpions"):
        icons.append(f"{card['scorpions']} scorpion{'s' * (card['scorpions'] != 1)}")
    what = f"power {card['power']}" + (f", {' and '.join(icons)}" if icons else ", no suit")
    return f"{card['divine']} ({what})" if card.get("divine") else what
