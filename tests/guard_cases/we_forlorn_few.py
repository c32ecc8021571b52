"""We Forlorn Few: one refusal per guard and per distinct refusal, each with the sentence it
quotes. The table used here (and by tests/test_we_forlorn_few*.py):

    CF (Cedar Falls) - W1 (Wetlands) - D1 (face down) - NH (Newhaven)
       \\              |   \\                            /
        F1 (Forest, Trading Post) - M1 (Mountain) - P1 (Prairie)

Tiles from Cedar Falls: W1, F1 one; D1, M1 two; P1, NH three.
"""

from referee.we_forlorn_few import quotes as q

from . import Case

TERRAIN = [
    {"name": "CF", "kind": "Cedar Falls", "travel_cost": {"food": 1, "water": 1},
     "adjacent": ["W1", "F1"]},
    {"name": "W1", "kind": "Wetlands", "travel_cost": {"food": 1, "water": 1, "wood": 3},
     "resources": ["water", "food"], "adjacent": ["F1", "D1", "M1"]},
    {"name": "F1", "kind": "Forest", "travel_cost": {"water": 1, "wood": 1},
     "resources": ["wood"], "trading_post": True, "adjacent": ["M1"]},
    {"name": "D1", "face_up": False, "adjacent": ["NH"]},
    {"name": "M1", "kind": "Mountain", "travel_cost": {"food": 2, "wood": 1},
     "resources": ["water"], "adjacent": ["P1"]},
    {"name": "P1", "kind": "Prairie", "travel_cost": {"food": 1, "wood": 1},
     "resources": ["food", "water", "wood"], "adjacent": ["NH"]},
    {"name": "NH", "kind": "Newhaven", "adjacent": []},
]
PISTOL = {"name": "Pistol", "type": "weapon", "value": 2}
SNARE = {"name": "Snare", "type": "tool", "value": 1, "bonus": "food"}
HERD = "A herd like that would fetch enough money to kill for."


def table(position=None, players=("Ann", "Bob", "Cleo"), terrain=None, **options):
    body = {"players": list(players), "options": {"terrain": terrain or TERRAIN, **options}}
    if position is not None:
        body["position"] = position
    return body


def at(phase="travel", current="p1", **boards):
    """A position in `phase` of `current`'s turn; boards by seat."""
    # 11 Season cards left: round 1 after its card, or round 2 before it (the Season phase)
    position = {"phase": phase, "round": 2 if phase == "season" else 1, "season_deck": 11,
                "players": boards}
    if phase != "season":
        position["current"] = current
    return position


def traveler(tile="CF", **board):
    return {"status": "traveler", "tile": tile, **board}


def ravenous(tile="M1", hunger=1):
    return {"status": "ravenous", "tile": tile, "hunger": hunger}


def camp(current="p1", **boards):
    return at("camp", current, **boards)


CASES = [
    # -- phases and turns (the core's checks, quoting this game's rules)
    Case("phase", table(camp(p1=traveler("W1"))), {"type": "travel", "player": "p1", "to": "F1"},
         q.Q_PHASES, "Travelling after the Gathering Phase breaks the order the four phases MUST "
                     "follow."),
    Case("phase", table(at("travel")), {"type": "steal", "player": "p1", "take": {"food": 1}},
         q.Q_COMBAT_STEAL, "Nobody won a Combat: only the winner of one steals."),
    Case("phase", table(at("ravenous_retreat", "p3", p1=traveler("M1"), p3=ravenous("M1"))),
         {"type": "ravenous_attack", "player": "p3", "target": "p1", "dice": [1],
          "target_dice": [0]},
         q.Q_RAVENOUS_LOSE, "Cleo lost a Combat: she must begin the Retreat Phase at once."),
    Case("phase", table(camp(p1=traveler("W1"))), {"type": "explore", "player": "p1", "draw": "food"},
         q.Q_GATHERING, "The Gathering Phase is over: it offered Gather OR Explore, once.",
         also=(q.Q_PHASES,)),
    Case("phase", table(at("event", p1=traveler("W1"))), {"type": "stay", "player": "p1"},
         q.Q_EVENT, "The Event card comes before the turn ends: nobody travels or stays before it."),
    Case("phase", table(at("travel")), {"type": "season", "player": "p1"}, q.Q_SEASON_DRAW,
         "A Season card is drawn at the beginning of a round, not in a turn."),
    Case("phase", table(camp(p1=traveler("W1"), p2=traveler("W1"))),
         {"type": "end_camp", "player": "p1"}, q.Q_TRADE_ACCEPT,
         "Ann proposed a Trade: Bob accepts or rejects it before her Camp goes on.",
         events=[{"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}}]),
    Case("turn", table(camp(p1=traveler("W1"), p2=traveler("W1"))),
         {"type": "trade_answer", "player": "p1", "accepted": True}, q.Q_TRADE_ACCEPT,
         "The Player the Trade was proposed to answers it, not the one who proposed it.",
         events=[{"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}}]),
    Case("phase", table(camp(p1=traveler("W1"), p2=traveler("W1"))),
         {"type": "end_camp", "player": "p2"}, q.Q_ROUND,
         "Bob is asked to answer Ann's Trade, and it is still Ann's turn: the turn order, then "
         "the answer that waits (finding 105).", also=(q.Q_TRADE_ACCEPT,),
         events=[{"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}}]),
    Case("phase", table(camp(p1=traveler("W1"), p2=traveler("W1"))),
         {"type": "end_camp", "player": "p1"}, q.Q_COMBAT_STEAL,
         "Bob won Ann's Combat and chooses what to steal: Ann's Camp waits for it.",
         events=[{"type": "combat", "player": "p1", "target": "p2", "dice": [0],
                  "target_dice": [2]}]),
    Case("phase", table(camp(p1=traveler("W1"), p2=traveler("W1"))),
         {"type": "end_camp", "player": "p2"}, q.Q_ROUND,
         "Bob, the defender who won, may steal, not camp: it is Ann's turn (the turn order), "
         "then the steal that waits.", also=(q.Q_COMBAT_STEAL,),
         events=[{"type": "combat", "player": "p1", "target": "p2", "dice": [0],
                  "target_dice": [2]}]),
    Case("turn", table(at("season")), {"type": "season", "player": "p2"}, q.Q_SEASON_DRAW,
         "Bob is not the First Player: the First Player draws the Season card."),
    Case("turn", table(at("travel")), {"type": "stay", "player": "p2"}, q.Q_ROUND,
         "Bob acts in Ann's turn: turns go one Player at a time from the First Player to the "
         "left."),
    Case("season_in_order", table(at("season")),
         {"type": "season", "player": "p1", "season": "winter"}, q.Q_SEASON_ORDER,
         "The deck is Spring on top: a Winter card cannot be the first one drawn."),
    # -- travel
    Case("travel_to_adjacent", table(at()), {"type": "travel", "player": "p1", "to": "P1"},
         q.Q_TRAVEL_ADJACENT, "P1 is not adjacent to Cedar Falls: travel is to an adjacent tile."),
    Case("backward_toward_cedar_falls", table(at(p1=traveler("W1"))),
         {"type": "travel", "player": "p1", "to": "M1", "backward": True,
          "pay": {"food": 1, "water": 1}},
         q.Q_QRG_BACKWARDS, "M1 is further from Cedar Falls than W1: backwards is toward it."),
    Case("backwards_only_when_stuck",
         table(at(p1=traveler("M1", resources={"food": 2, "water": 1, "wood": 1})),
               backwards_when="stuck"),
         {"type": "travel", "player": "p1", "to": "W1", "backward": True,
          "pay": {"food": 1, "water": 1}},
         q.Q_QRG_BACKWARDS, "Ann holds the two Food and one Wood leaving M1 costs, so under "
         "backwards_when=stuck she is not stuck: 'If you're stuck, you can travel backwards'."),
    Case("pays_travel_cost", table(at(p1=traveler("W1", resources={"food": 2, "water": 1,
                                                                       "wood": 1}))),
         {"type": "travel", "player": "p1", "to": "F1", "pay": {"food": 1, "wood": 1},
          "ailments": {"thirst": 1, "wagon_damage": 2}},
         q.Q_PAY_COMBINATION, "Ann holds the Water she takes Thirst for: Ailments are for the "
                              "Resources a Player does not have."),
    Case("pays_travel_cost", table(at(p1=traveler("W1", resources={"food": 2, "water": 1}))),
         {"type": "travel", "player": "p1", "to": "F1", "pay": {"food": 1, "water": 1, "wood": 3}},
         q.Q_PAY_AILMENTS, "Ann pays Wood she does not have: what she lacks is paid in Ailments."),
    Case("pays_travel_cost", table(at(p1=traveler("W1", resources={"food": 2, "water": 1}))),
         {"type": "travel", "player": "p1", "to": "F1", "pay": {"food": 1, "water": 1},
          "ailments": {"wagon_damage": 1}},
         q.Q_TRAVEL_COST_TILE, "Three Wood are owed for leaving W1, one Wagon Damage entered: the "
                               "cost is the tile's printed Travel Cost."),
    Case("travel_backwards", table(at(p1=traveler("W1", resources={"food": 1}))),
         {"type": "travel", "player": "p1", "to": "CF", "backward": True, "pay": {"food": 1},
          "ailments": {"hunger": 1}},
         q.Q_BACKWARDS, "Travelling backwards is paid with two Resource tokens; by default not "
                        "with Ailments."),
    Case("travel_backwards", table(at(p1=traveler("W1", resources={"food": 3}))),
         {"type": "travel", "player": "p1", "to": "CF", "backward": True, "pay": {"food": 3}},
         q.Q_BACKWARDS, "Three Food paid to travel backwards: the cost is two Resource tokens."),
    Case("reveal_ravenous", table(at(p1=traveler("W1", resources={"food": 1, "water": 1,
                                                                      "wood": 3}),
                                     p3=ravenous("D1"))),
         {"type": "travel", "player": "p1", "to": "D1",
          "reveal": {"kind": "Desert", "travel_cost": {"water": 2}, "resources": ["water"],
                     "trading_post": True}},
         q.Q_REVEAL_RAVENOUS, "Cleo is Ravenous on the tile Ann reveals as a Trading Post: she "
                              "must move to an adjacent tile, and the entry does not say where."),
    Case("bag_draw_token", table(at(p1=traveler(resources={"food": 1, "water": 1})),
                                 terrain=[{**TERRAIN[0]},
                                          {**TERRAIN[1], "placed": {"bag_draw": 1}},
                                          *TERRAIN[2:]]),
         {"type": "travel", "player": "p1", "to": "W1", "draws": []},
         q.Q_BAG_DRAW_TOKEN, "A Bag Draw token picked up is an immediate draw from the bag."),
    Case("placed_items_excess",
         table(at(p1=traveler(resources={"food": 3, "water": 3, "wood": 0})),
               terrain=[{**TERRAIN[0]}, {**TERRAIN[1], "placed": {"wood": 2}}, *TERRAIN[2:]]),
         {"type": "travel", "player": "p1", "to": "W1", "discard": {"food": 1}},
         q.Q_PLACED_EXCESS, "What is picked up beyond capacity returns to the Stockpile (the "
                            "default ruling): nothing in the Supply is discarded for it."),
    # -- gathering
    Case("explore_draws_one", table(at("gathering", p1=traveler("W1"))),
         {"type": "explore", "player": "p1", "draw": "food", "also_drawn": ["water"]},
         q.Q_EXPLORE, "Explore draws one token from the bag, not two."),
    Case("tool_bonus_chosen", table(at("gathering", p1=traveler("W1", equipment=[SNARE]))),
         {"type": "skip_gathering", "player": "p1", "tool_bonus": {"food": 2}},
         q.Q_QRG_TOOL_MAY, "One Snare: two Food is more than one token per card."),
    Case("tool_bonus_chosen", table(at("gathering", p1=traveler("W1", equipment=[SNARE]))),
         {"type": "gather", "player": "p1", "roll": 1, "take": ["water"],
          "tool_bonus": {"wood": 1}},
         q.Q_TOOL_BONUS, "The Snare specifies Food: the bonus is the Resource on the Tool card."),
    Case("tool_bonus_chosen", table(at("gathering", p1=traveler("W1", equipment=[SNARE])),
                                    tool_bonus_optional=False),
         {"type": "explore", "player": "p1", "draw": "food", "tool_bonus": {}},
         q.Q_TOOL_BONUS, "Under tool_bonus_optional=false the Tool Bonus text is the rule: the "
                         "Gathering Phase begins by adding the Snare's Food."),
    Case("gather_as_rolled", table(at("gathering", p1=traveler("W1"))),
         {"type": "gather", "player": "p1", "roll": 2, "take": ["water"]},
         q.Q_GATHER_ROLL, "Worth 2 takes two Resources: the roll says how many."),
    Case("gather_as_rolled", table(at("gathering", p1=traveler("W1"))),
         {"type": "gather", "player": "p1", "roll": 0, "take": ["water"]},
         q.Q_GATHER_ZERO, "Worth 0 draws from the bag instead of taking Resources."),
    Case("gather_as_rolled", table(at("gathering", p1=traveler("W1")), gather_same_kind=False),
         {"type": "gather", "player": "p1", "roll": 2, "take": ["water", "water"]},
         q.Q_GATHER_EXAMPLE, "With the ruling gather_same_kind off, two tokens are two of those "
                             "listed, as in the example."),
    Case("gather_listed", table(at("gathering", p1=traveler("F1"))),
         {"type": "gather", "player": "p1", "roll": 1, "take": ["water"]},
         q.Q_GATHER_LISTED, "F1 (Forest) lists only Wood."),
    Case("bag_holds_token", table({**at("gathering", p1=traveler("W1")), "bag": {"food": 1}}),
         {"type": "explore", "player": "p1", "draw": "thirst"},
         q.Q_BAG_RANDOM, "A token is drawn from the bag: no Thirst is in it (it holds only what Season "
         "cards added).", also=(q.Q_SEASON_BAG,)),
    Case("capacity", table(at("gathering", p1=traveler("W1"))),
         {"type": "gather", "player": "p1", "roll": 1, "take": ["water"], "discard": {"food": 1}},
         q.Q_CAPACITY, "Ann has room for the Water: discarding is only to make space."),
    # -- camp
    Case("camp_action_left", table({**camp(p1=traveler("W1", ailments={"hunger": 2})),
                                    "camp_done": ["recuperate"]}),
         {"type": "recuperate", "player": "p1", "remove": {"hunger": 1}},
         q.Q_CAMP_ONCE, "Each Camp action is done once a Camp Phase."),
    Case("recuperate_corresponds", table(camp(p1=traveler("W1", ailments={"hunger": 1}))),
         {"type": "recuperate", "player": "p1", "remove": {"hunger": 1}, "discard": {"wood": 1}},
         q.Q_QRG_RECUPERATE, "Wood removes Wagon Damage: Hunger is removed by the corresponding "
         "Resource, Food."),
    Case("recuperate_pays", table(camp(p1=traveler("W1", ailments={"thirst": 1}))),
         {"type": "recuperate", "player": "p1", "remove": {"hunger": 1}},
         q.Q_RECUPERATE, "Ann has no Hunger to remove."),
    Case("trade_partner_near", table(camp(p1=traveler("W1"), p2=traveler("P1"))),
         {"type": "trade", "player": "p1", "with": "p2", "give": {"food": 1}, "accepted": True},
         q.Q_TRADE_WHERE, "Bob is on P1, neither Ann's tile nor adjacent to it."),
    Case("trade_partner_near", table(camp(p1=traveler("W1"), p3=ravenous("M1")),
                                     trade_with_ravenous=False),
         {"type": "trade", "player": "p1", "with": "p3", "accepted": False},
         q.Q_TRADE_WHERE, "Ruling trade_with_ravenous off: a Ravenous Player is not one of "
                          "the other Players a Traveler may Trade with."),
    Case("trade_goods_held", table(camp(p1=traveler("W1"), p2=traveler("W1"))),
         {"type": "trade", "player": "p1", "with": "p2", "give": {"wood": 3}, "accepted": True},
         q.Q_TRADE_ACCEPT, "Ann gives three Wood she does not have: what is exchanged is what "
                           "the two Supplies hold."),
    Case("trade_goods_held", table(camp(p1=traveler("W1"), p2=traveler("W1"))),
         {"type": "trade", "player": "p1", "with": "p2", "get": {"equipment": ["Pistol"]}},
         q.Q_TRADE_ACCEPT, "Ann asks for a Pistol Bob does not hold: the proposal is refused "
                           "before Bob is asked."),
    Case("trade_goods_held", table(camp(p1=traveler("W1"), p3=ravenous("W1"))),
         {"type": "trade", "player": "p1", "with": "p3", "give": {"food": 1}},
         q.Q_TURN_RAVENOUS, "Cleo is Ravenous: she returned her Supply and takes only terms."),
    Case("combat_target_near", table(camp(p1=traveler("W1"), p2=traveler("P1"))),
         {"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [1]},
         q.Q_COMBAT_WHO, "Bob is on P1, neither Ann's tile nor adjacent to it."),
    Case("combat_target_near", table(camp(p1=traveler("W1"), p3=ravenous("M1")),
                                     attack_ravenous=False),
         {"type": "combat", "player": "p1", "target": "p3", "dice": [2], "target_dice": [1]},
         q.Q_COMBAT_WHO, "Ruling attack_ravenous off: Combat is with another Traveler."),
    Case("not_in_city", table(camp(p1=traveler("W1"), p2=traveler("CF"))),
         {"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [1]},
         q.Q_FAQ_CITY, "Bob is in Cedar Falls, a city."),
    Case("not_in_city", table(camp(p1=traveler("CF"), p2=traveler("W1")),
                              attack_from_city=False),
         {"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [1]},
         q.Q_FAQ_CITY, "Ruling attack_from_city off: no Combat from a city either."),
    Case("combat_dice_count", table(camp(p1=traveler("W1", equipment=[PISTOL]),
                                         p2=traveler("W1"))),
         {"type": "combat", "player": "p1", "target": "p2", "dice": [2], "target_dice": [1]},
         q.Q_COMBAT_DICE, "Ann's Pistol adds a die: she rolls two."),
    Case("combat_dice_count", table(camp(p1=traveler("W1"), p2=traveler("W1")),
                                    combat_dice="weapons"),
         {"type": "combat", "player": "p1", "target": "p2", "dice": [2, 2], "target_dice": [1]},
         q.Q_QRG_COMBAT_DICE, "Ruling weapons: Ann holds no Weapon card, so one die."),
    Case("steal_within_value", table(camp(p1=traveler("W1"), p2=traveler("W1"))),
         {"type": "steal", "player": "p1", "take": {"food": 1, "water": 1}},
         q.Q_COMBAT_STEAL, "Ann won with a result of one: she steals up to one Value.",
         events=[{"type": "combat", "player": "p1", "target": "p2", "dice": [1],
                  "target_dice": [0]}]),
    Case("turn", table(camp(p1=traveler("W1"), p2=traveler("W1"))),
         {"type": "steal", "player": "p1", "take": {"food": 1}},
         q.Q_COMBAT_STEAL, "Bob won Ann's Combat: the winner steals, not Ann, though it is her "
                           "turn.",
         events=[{"type": "combat", "player": "p1", "target": "p2", "dice": [0],
                  "target_dice": [2]}]),
    Case("at_trading_post", table(camp(p1=traveler("W1"))),
         {"type": "trading_post", "player": "p1", "offered": [SNARE]},
         q.Q_POST_WHERE, "W1 has no Trading Post."),
    Case("three_cards_offered", table(camp(p1=traveler("F1"))),
         {"type": "trading_post", "player": "p1", "offered": [SNARE, PISTOL, SNARE, PISTOL]},
         q.Q_POST_THREE, "Three cards are flipped, not four."),
    Case("pays_equal_value", table(camp(p1=traveler("F1"))),
         {"type": "trading_post", "player": "p1", "offered": [PISTOL], "buy": ["Pistol"],
          "pay": {"food": 1}},
         q.Q_QRG_POST_EQUAL, "A Pistol of Value 2 bought for one Food."),
    Case("pays_equal_value", table(camp(p1=traveler("F1")), trading_post_payment="at_least"),
         {"type": "trading_post", "player": "p1", "offered": [PISTOL], "buy": ["Pistol"],
          "pay": {"food": 1}},
         q.Q_POST_AFFORD, "Ruling at_least: still, one Value does not afford a Pistol of 2."),
    Case("pays_equal_value", table(camp(p1=traveler("F1"))),
         {"type": "trading_post", "player": "p1", "offered": [SNARE], "buy": ["Snare"],
          "pay": {"equipment": ["Pistol"]}},
         q.Q_POST_AFFORD, "Ann pays with a Pistol she does not have: \"provided you have enough "
                          "Value to afford each item\" (not what a card is worth)."),
    # -- the Event Phase
    Case("event_as_printed", table(at("event", p1=traveler("W1", equipment=[PISTOL]))),
         {"type": "event_card", "player": "p1", "card": HERD, "dice": [2, 1],
          "gain": {"food": 3}, "draws": ["nothing"]},
         q.Q_EVENT_HIGHEST, "Worth 2 and Worth 1 count as the highest die, Worth 2: two Food, not "
                            "the sum; the card's own outcome after it.",
         also=("Worth 2: add two Food tokens.",)),
    Case("event_as_printed", table(at("event", p1=traveler("W1"))),
         {"type": "event_card", "player": "p1", "card": HERD, "dice": [1],
          "gain": {"food": 2}, "draws": ["nothing"]},
         "Worth 1: add one Food token.", "One die, Worth 1: the card's own sentence says one Food."),
    Case("event_as_printed", table(at("event", p1=traveler("W1"))),
         {"type": "event_card", "player": "p1", "card": HERD, "dice": [2, 1],
          "draws": ["nothing"]},
         q.Q_COMBAT_DICE, "The card asks for a Combat roll: Ann has no Equipment adding dice, "
                          "so one die."),
    Case("event_as_printed", table({**at("event", p1=traveler("W1")), "bag": {"food": 1}}),
         {"type": "event_card", "player": "p1", "card": HERD, "dice": [1], "draws": []},
         "Then draw one token from the Exploration Bag.",
         "The card's own sentence: one token is drawn; the bag icon's rule after it.",
         also=(q.Q_EVENT_BAG,)),
    Case("event_not_on_ravenous", table(at("event", p1=traveler("W1"), p3=ravenous("M1"))),
         {"type": "event_card", "player": "p1", "card": "Bandits", "others": {"p3": {"perish": 1}}},
         q.Q_FAQ_EVENT_RAVENOUS, "Cleo is Ravenous: Event cards do not affect her."),
    # -- sacrifice
    Case("sacrifice_in_own_turn", table(camp(p1=traveler("W1"), p2=traveler("W1", ailments={"hunger": 2}))),
         {"type": "sacrifice", "player": "p2", "remove": {"hunger": 2}, "skull": "thirst"},
         q.Q_SACRIFICE, "Bob won Ann's Combat and steals, but it is Ann's turn: a Sacrifice is "
                        "\"during their turn\".",
         events=[{"type": "combat", "player": "p1", "target": "p2", "dice": [0],
                  "target_dice": [2]}]),
    Case("phase", table(at("season", p1=traveler(ailments={"hunger": 2}))),
         {"type": "sacrifice", "player": "p1", "remove": {"hunger": 2}, "skull": "thirst"},
         q.Q_SACRIFICE, "The Season card opens the round before anyone's turn: a Sacrifice is "
                        "\"during their turn\".", also=(q.Q_SEASON_DRAW,)),
    Case("companion_to_sacrifice", table(at(p1=traveler(companions=0, ailments={"hunger": 1}))),
         {"type": "sacrifice", "player": "p1", "remove": {"hunger": 1}, "skull": "thirst"},
         q.Q_SACRIFICE, "Ann has no Companion left to Sacrifice."),
    Case("removes_four", table(at(p1=traveler(ailments={"hunger": 3, "thirst": 2}))),
         {"type": "sacrifice", "player": "p1", "remove": {"hunger": 2}, "skull": "wagon_damage"},
         q.Q_SACRIFICE, "A Sacrifice removes four Ailments (default ruling); Ann has five and "
                        "removes two."),
    Case("removes_four", table(at(p1=traveler(ailments={"hunger": 3, "thirst": 2})),
                               sacrifice_removes="up_to_four"),
         {"type": "sacrifice", "player": "p1", "remove": {"hunger": 3, "thirst": 2},
          "skull": "wagon_damage"},
         q.Q_QRG_SACRIFICE, "Even read as \"up to four\", five is too many."),
    Case("skull_slot_free", table(at(p1=traveler(ailments={"hunger": 3, "thirst": 3,
                                                            "wagon_damage": 1}))),
         {"type": "sacrifice", "player": "p1", "remove": {"thirst": 3, "wagon_damage": 1},
          "skull": "hunger"},
         q.Q_SKULL_SLOT, "Three Hunger fill the Hunger track: no slot is available there."),
    # -- the Ravenous
    Case("ravenous_path", table(at("ravenous_movement", "p3", p3=ravenous("M1"))),
         {"type": "ravenous_move", "player": "p3", "path": ["W1", "D1", "NH"]},
         q.Q_RAVENOUS_MOVE, "Up to two tiles, not three."),
    Case("ravenous_path", table(at("ravenous_movement", "p3", p3=ravenous("M1"))),
         {"type": "ravenous_move", "player": "p3", "path": ["D1"]},
         q.Q_RAVENOUS_MOVE, "D1 is two tiles away: a move is tile by tile."),
    Case("ravenous_does_not_flip", table(at("ravenous_movement", "p3", p3=ravenous("M1"))),
         {"type": "ravenous_move", "player": "p3", "path": ["W1", "D1"],
          "reveal": {"D1": {"kind": "Desert", "travel_cost": {"water": 2}, "resources": []}}},
         q.Q_FLIP_IMPLIED, "D1 is face down: a Ravenous Traveler moves onto it without flipping."),
    Case("ravenous_may_enter", table(at("ravenous_movement", "p3", p3=ravenous("M1"))),
         {"type": "ravenous_move", "player": "p3", "path": ["F1"]},
         q.Q_RAVENOUS_RESTRICT, "F1 has a Trading Post."),
    Case("ravenous_pays_nothing", table(at("ravenous_movement", "p3", p3=ravenous("M1"))),
         {"type": "ravenous_move", "player": "p3", "path": ["W1"], "pay": {"food": 1}},
         q.Q_RAVENOUS_FREE, "Leaving the Mountain as a Traveler would: a Ravenous move is free."),
    Case("ravenous_picks_nothing_up", table(at("ravenous_movement", "p3", p3=ravenous("M1"))),
         {"type": "ravenous_move", "player": "p3", "path": ["W1"], "draws": ["food"]},
         q.Q_RAVENOUS_NO_PICKUP, "A draw for a Bag Draw token on W1, as a Traveler would."),
    Case("ravenous_target_here", table(at("ravenous_combat", "p3", p1=traveler("CF"),
                                          p3=ravenous("CF"))),
         {"type": "ravenous_attack", "player": "p3", "target": "p1", "dice": [2],
          "target_dice": [0]},
         q.Q_FAQ_CITY, "Cleo turned Ravenous in Cedar Falls, where Ann still is: the FAQ forbids "
                       "attacking a Traveler in a city, whoever attacks."),
    Case("ravenous_target_here", table(at("ravenous_combat", "p3", p1=traveler("W1"),
                                          p3=ravenous("M1"))),
         {"type": "ravenous_attack", "player": "p3", "target": "p1", "dice": [2],
          "target_dice": [0]},
         q.Q_RAVENOUS_COMBAT, "Ann is on W1, not on Cleo's tile."),
    Case("ravenous_target_here", table(at("ravenous_combat", "p3", p1=traveler("W1"),
                                          p2=ravenous("M1", 2), p3=ravenous("M1")),
                                       ravenous_attacks_ravenous=False),
         {"type": "ravenous_attack", "player": "p3", "target": "p2", "dice": [2],
          "target_dice": [0, 0]},
         q.Q_RAVENOUS_WIN, "Ruling false: only a losing Traveler, who has Companions, is "
                           "attacked."),
    Case("ravenous_once_each", table(at("ravenous_combat", "p3", p1=traveler("M1"),
                                        p3=ravenous("M1"))),
         {"type": "ravenous_attack", "player": "p3", "target": "p1", "dice": [2],
          "target_dice": [0]},
         q.Q_RAVENOUS_ONCE, "Cleo already attacked Ann this turn (a tie).",
         events=[{"type": "ravenous_attack", "player": "p3", "target": "p1", "dice": [1],
                  "target_dice": [1]}]),
    Case("ravenous_dice_count", table(at("ravenous_combat", "p3", p1=traveler("M1"),
                                         p3=ravenous("M1", hunger=2))),
         {"type": "ravenous_attack", "player": "p3", "target": "p1", "dice": [2],
          "target_dice": [0]},
         q.Q_RAVENOUS_DICE, "Two Hunger: two dice."),
    Case("retreat_adjacent", table(at("ravenous_retreat", "p3", p3=ravenous("M1"))),
         {"type": "retreat", "player": "p3", "to": "D1"},
         q.Q_RETREAT, "D1 is not adjacent to M1."),
    Case("retreat_adjacent", table(at("ravenous_retreat", "p3", p3=ravenous("M1"))),
         {"type": "retreat", "player": "p3", "to": "F1"},
         q.Q_RAVENOUS_RESTRICT, "The Retreat follows the movement restrictions: F1 is a Trading "
                                "Post."),
    Case("journey_over", table(camp(p1=traveler("P1"), p2={"status": "arrived", "tile": "NH"},
                                    p3=traveler("W1")) | {"arrivals": ["p2"]},
                               game_ends_at="all_journeys"),
         {"type": "trade", "player": "p1", "with": "p2", "accepted": False},
         q.Q_NEWHAVEN, "Bob reached Newhaven: his journey is over."),
]
