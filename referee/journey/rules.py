"""The sentences of the rulebook the referee quotes, by the part of the book they come from.

Kept in one place because several parts of the referee quote the same sentence (the turn structure,
the Action Point rules); each guard names the one it enforces next to its code.
"""

# -- the turn ---------------------------------------------------------------------------------------
Q_TURN = ("A Turn is one complete iteration of game play, which is split into smaller steps or "
          "Phases: starting with the Maintenance Phase (some housekeeping tasks), then the Pilgrim "
          "Phase, when Pilgrims get to take their Actions, the Demon Phase, when new Demons are "
          "Spawned and all Demons take their Actions, ending with the End of Turn Phase (a little "
          "more housekeeping, normally counting the passing Turns).")
Q_PHASE_MAINTENANCE = ("At the start of each Turn, each Player should examine the active cards to "
                       "see if anything needs to be updated.")
Q_FIRST_TURN = "You are ready to begin the first turn, which starts with the Maintenance Phase."
Q_PHASE_PILGRIM = ("Pilgrim Phase: Each Pilgrim is activated in the order shown by the Initiative "
                   "Markers and completes all their actions, before the next Pilgrim activates.")
Q_PHASE_DEMON = ("Demon Phase: Spawn new Demons, then each Demon is activated in turn and "
                 "completes their actions, before the next Demon activates.")
Q_PHASE_END = ("End of Turn Phase: Perform End of Turn Phase actions, such as using Turn Tokens to "
               "track passing time. All Pilgrims do this simultaneously.")
Q_CONTROL = ("The Pilgrims are controlled by the Players, so if there are less than 4 Players, "
             "each Player may control more than one Pilgrim.")
Q_END = ("The Players win when the Quest's Victory Conditions are met, typically during the "
         "Pilgrim Phase. The game stops immediately.")
Q_COOPERATIVE = ("The Pilgrims win or lose as a team, so it is essential for the Players to "
                 "strategize and play cooperatively.")
Q_QUEST_FAIL = ("The Players fail the Quest when other Conditions are met. For example, Tripitaka "
                "being Killed or when the Pilgrims fail to collect all the Quest Objectives.")
Q_TRIPITAKA_DEFEATED = "Defeat: Tripitaka is defeated."
Q_TRIPITAKA_KILLED = "Defeat: Tripitaka is Killed."
Q_OWN_DECK = "Each Pilgrim has his own specific card deck."
Q_DRAW_OWN = "When taking Good Karma rewards, draw a Skill Card from your deck"

# -- maintenance and end of turn -----------------------------------------------------------------
Q_EXPIRE = ("If the number of Turn Tokens on a card matches its duration, it has expired and it "
            "can be moved to the relevant Discard Pile. Do not apply its effect this turn.")
Q_ONGOING = ("Some Condition Cards have effects that apply damage to the Pilgrim. Apply the damage "
             "now.")
Q_MAINTENANCE_TOGETHER = ("Generally, each Player can act independently and simultaneously during "
                          "this Phase, but if there is a conflict, play in the initiative order.")
Q_ROTATE = ("If an Unconscious Pilgrim is face down, turn them on their side. If they are on their "
            "side, place them on their back. If they are on their back, the time to revive them "
            "has run out and they are dead.")
Q_DEAD = ("Remove the Miniature from the game board. They are completely out of the game, which "
          "may end the Quest.")
Q_RAGE_ENDS = ("If the last turn ended with Demon Rage, remove the Demon Rage Card from the top of "
               "the Demon Deck.")
Q_SPECIAL_DISCARD = "Discard any special cards that do not have an explicit duration."
Q_END_OF_TURN_CARD = ("Play the card into your playing area to show it is active. Remove it (and "
                      "possibly discard it) during the next Maintenance Phase.")
Q_TURN_TOKENS = ("Place Turn Tokens: For the cards that last multiple turns, for example Condition "
                 "Cards, add another Turn Token to the card.")

# -- the Pilgrim Phase -----------------------------------------------------------------------------
Q_INITIATIVE = ("In the Pilgrim Phase, each Pilgrim is activated in order, as determined by the "
                "Initiative Tokens assigned during the Game Setup.")
Q_TWO_AP = ("Normally, each Pilgrim has 2 Action Points to spend, although this can be altered by "
            "the effects of certain cards in play.")
Q_ONE_AP = "All actions take 1 Action Point."
Q_NO_RETURN = ("However, if they choose to end their Activation without using all their Action "
               "Points, they cannot come back and use the remaining Action Points later in the "
               "turn.")
Q_UNCONSCIOUS = ("Pilgrims cannot play cards or take any other actions when they are "
                 "Unconscious.")
Q_PARALYZED = "While Paralyzed, the Pilgrim cannot make any actions, play cards, or defend."
Q_DISABLED = ("While Disabled, the Pilgrim cannot attack but the Pilgrim can make all other "
              "actions and can defend if attacked.")
Q_LURE = ("Lure of Demons: The Pilgrim lacks the focus to perform the same Action twice in one "
          "turn. For example, the Pilgrim cannot make Double Moves, cannot Rest twice, nor Attack "
          "twice.")
Q_THIRD_ACTION = ("If the Pilgrim is allowed a third Action, for example by using the Fortune Card "
                  "\"Om Mala of Vigor\", then they can choose any third Action, even if it doubles "
                  "up.")
Q_DISTRACTION = ("If you have the Demon Distraction Corruption, you cannot take more than 2 "
                 "Actions per turn, under any circumstances.")
Q_CURSE = ("Some Corruption Cards, for example Curse of the Dead, prevent double Moves or double "
           "Actions.")
Q_RED_ENTERED = ("Pilgrims take one point of damage every time they enter one of these squares or "
                 "if they are stationary in the square for a full turn.")
Q_LIMP = "Permanent Limp: 1 Movement Point is lost from the Double Move total."

# -- cards -------------------------------------------------------------------------------------------
Q_NO_INTERRUPT = ("However, a Player cannot interrupt the game once a random result is revealed "
                  "until its result is applied or when a Pilgrim is Unconscious.")
Q_BEFORE_TRIGGER = ("You cannot wait until just after, perhaps seeing the outcome and then decide "
                    "to play the card.")
Q_AFFORD = ("In all cases, the Pilgrim must have enough points to pay the cost in order to "
            "activate the card and the cost must be paid, regardless of the result.")
Q_BOX_ONCE = ("Each Pilgrim can only use a Mystical Box once (to Pray or Meditate) each time they "
              "are Activated, even if the Pilgrim has Action Points left.")
Q_HP_COST = ("Note the Health Point costs are a special case. Other payments can reduce the total "
             "points left to zero, but when paying Health Point costs, you must leave the Pilgrim "
             "with at least 1 Health Point.")
Q_AP_COST = ("If the cost includes 1 (or more) Action Points, the card can only be activated while "
             "the Pilgrim is Active in the Pilgrim Phase.")
Q_CAP = ("When you play these cards, the statistic cannot be raised above its maximum. If you "
         "cannot use all the points above its maximum, increase the statistic to its maximum and "
         "discard the card normally.")
Q_FLOOR = "Similarly, if you lose points, you cannot drop the statistic below 0."
Q_HAND = ("Inactive cards are in the Pilgrim's hand. You may literally hold them like playing "
          "cards, but you could also spread them out on the table top where the other players can "
          "see them.")
Q_MISFORTUNE_HP = ("Losing Health: You do not choose to play Misfortune Cards, so this is one case "
                   "where a card can reduce your Health Points to 0.")
Q_DUPLICATE = ("If the second card is a duplicate, immediately discard the existing card and its "
               "counters. Then apply the new card normally.")
Q_CONDITION_NOW = ("Apply the effect as soon as you get the card and then in future Maintenance "
                   "Phases, if the card is still active.")
Q_CONDITION_UNDEFENDED = ("Specifically, if the Target rolls Defense Dice, they do not reduce or "
                          "prevent damage from the Condition.")
Q_NEXT_TURN_AP = ("A few cards have forced Trigger Conditions that happen later. Place these cards "
                  "face up near your Profile Sheet and play them as soon as the Trigger Condition "
                  "occurs.")
Q_CLOSED_GATE = "Closed Gates never become active again."
Q_ROOMS = ("Generally, Demons and Gates behind closed doors are inactive until the door is opened "
           "and they can move towards the Pilgrims.")
Q_BLUE = ("Demons are too strong to be impeded by these features, but Pilgrims pay 2 Movement "
          "Points for a blue square, rather than the normal 1 Movement Point, including Changing "
          "Face.")
Q_NO_CARDS = ("It is extremely unlikely that both the Draw Deck and Discard Pile will be empty, but if "
              "this ever happens, you cannot draw new cards of that type until some are discarded.")

# -- the Pilgrim Profile Sheet: what the standings show -------------------------------------------
Q_HEALTH_TRACK = "Health Track: Shows the current Health Points of the Pilgrim."
Q_PILGRIM_DEFEATED = "If a Pilgrim is reduced to zero Health Points, the Pilgrim is Unconscious."
Q_CHI_WHEEL = ("Chi Wheel: Adjust to show the current number of Chi Points that the Pilgrim has. Max "
               "Chi is 10.")
Q_GOOD_KARMA_WHEEL = "Good Karma Wheel (G): Adjust this wheel to show the current Good Karma level."
Q_BAD_KARMA_WHEEL = "Bad Karma Wheel (B): Adjust this wheel to show the current Bad Karma level."
Q_CONDITION_BESIDE = ("When a Pilgrim gets a Condition Card, place it beside the Pilgrim Profile "
                      "Sheet to indicate that the Pilgrim is affected. The text on the card "
                      "describes the effects the Pilgrim is suffering and how long this effect will "
                      "last.")

NO_DOUBLE = ("Lure of Demons", "Curse of the Dead")


def no_double_quote(card: str) -> str:
    """The sentence a Corruption Card forbidding double Actions is quoted with."""
    return Q_LURE if card == "Lure of Demons" else Q_CURSE
