"""The rules of We Forlorn Few, quoted verbatim from the rulebook (FAQ and Quick Reference Guide
included). Every guard and effect cites one of these; tests/test_citations.py checks each is a
substring of the book."""

# -- rounds, turns, phases --------------------------------------------------------------------------
Q_ROUND = ("The First Player resolves a Season card. Beginning with the First Player and moving to "
           "the left, the Player turns are resolved.")
Q_TOKEN_PASSES = "The First-Player token moves to the Player on their left."
Q_SEASON_DRAW = ("At the beginning of each round the First Player will draw the top Season card, "
                 "read it aloud and resolve it.")
Q_SEASON_BAG = ("Adding tokens to the Exploration Bag: When resolving a Season card, all the tokens "
                "that are listed on the card are to be immediately added to the Exploration Bag "
                "from the Stockpile.")
Q_SEASON_EFFECT = ("Season Effects are to be resolved immediately by following the instructions on "
                   "the card.")
Q_SEASON_ORDER = ("Draw the top three cards from each Season and combine them into a single deck "
                  "making sure they are grouped in the following order: Spring on top followed by "
                  "Summer, Fall and then Winter on the bottom of the deck.")
Q_WINTER = ("If a new round begins but there are no cards left in the Season deck then all "
            "Travelers remaining on the Game Board perish and the game is over.")
Q_PHASES = "Each Player's turn consists of four phases that MUST be resolved in the following order:"

# -- travel ------------------------------------------------------------------------------------------
Q_TRAVEL_ADJACENT = ("Players can Travel to an adjacent tile by paying Travel Cost before moving their "
                     "Player piece to the adjacent tile of their choosing.")
Q_TRAVEL_COST_TILE = "Travel Costs: This section indicates Resources required to move off the Terrain tile"
Q_PAY_RESOURCES = ("Discarding Resource tokens from a Player's Supply into the Stockpile to match the "
                   "listed cost.")
Q_PAY_AILMENTS = ("If Players do not have all of the resources required to pay the Travel Costs, they "
                  "can still travel by taking the corresponding Ailments instead.")
Q_PAY_COMBINATION = ("NOTE: Players may pay the Travel Costs by a combination of discarding required "
                     "Resources that they have in their Supply, and taking Ailments for those they "
                     "do not have.")
Q_QRG_TRAVEL = ("Travel cost is paid by discarding Resources, by adding the corresponding Ailments to "
                "your Player board, or by a combination of both.")
Q_BACKWARDS = ("Players may travel backwards to an adjacent tile by paying two Resource tokens of "
               "any type.")
Q_QRG_BACKWARDS = ("Travel Backwards: If you're stuck, you can travel backwards toward Cedar Falls for "
                   "a Travel Cost of any two Resources.")
Q_STAY = ("A Player may choose to stay on their current tile and go straight to the Gathering "
          "Phase.")
Q_PLACED = ("When a Player travels to, or is moved to, a Terrain tile that has any tokens and/or "
            "cards placed on it, they immediately add everything currently on the tile to their "
            "Player board.")
Q_PLACED_EXCESS = ("Note: Any excess cards and tokens that exceed Supply capacity are returned to the "
                   "Stockpile.")
Q_BAG_RANDOM = ("Over the course of the game, Players may be directed to draw random tokens from the "
                "Exploration Bag.")
Q_BAG_SETUP = "Note: The printed setup does not give a placement step for the Exploration Bag."
Q_BAG_DRAW_TOKEN = ("If a Player picks up one of these tokens, they must immediately draw from the "
                    "Exploration Bag.")
Q_PERISH_PAYING = ("A: Paying Travel Cost happens before your Traveler moves, so you'd remain on the "
                   "same tile.")
Q_FLIP_IMPLIED = "They may travel to face-down tiles, but when they do, they DO NOT flip them."
Q_REVEAL_RAVENOUS = ("NOTE: If a Ravenous Traveler is on a face-down tile and another Traveler flips it "
                     "to reveal a Trading Post tile, the Ravenous Traveler immediately moves to an "
                     "adjacent tile and adds one Hunger to their Player board.")

# -- gathering ---------------------------------------------------------------------------------------
Q_GATHERING = ("During the Gathering Phase, Players can take the following actions: receive Tool "
               "Bonuses, then Gather Resources OR Explore.")
Q_TOOL_BONUS = ("Travelers with Tools in their Supply begin their Gathering Phase by adding the "
                "Resource tokens specified on their Tool card(s) from the Stockpile to their Supply.")
Q_TOOL_ONE_EACH = "Note: Players receive one token for each card in their Supply."
Q_QRG_TOOL_MAY = "You may add one token per card."
Q_GATHER_ROLL = ("Players may gather Resources by rolling one die. What they roll determines how many "
                 "Resource tokens they can take from the Stockpile.")
Q_GATHER_LISTED = "Travelers can only gather the Resources that are listed on their current tile."
Q_GATHER_ZERO = ("If a Player rolls Worth 0 they must immediately draw one random token from the "
                 "Exploration Bag and then end their Gathering Phase.")
Q_GATHER_EXAMPLE = ("They roll a \"Worth 2\" result, which allows them to choose two of the tokens "
                    "listed on the Terrain tile to add to their Supply.")
Q_EXPLORE = ("If a Player chooses to Explore, they draw one token at random from the Exploration Bag "
             "and then immediately end their Gathering Phase.")
Q_EXPLORE_ADD = ("Explore: To explore, draw one token from the Exploration Bag and immediately add it "
                 "to your Player board.")

# -- camp --------------------------------------------------------------------------------------------
Q_CAMP_ONCE = ("During the Camp Phase the Active Player may perform each of the following actions "
               "once in any order: Recuperate, Trade with another Player, Initiate Combat with "
               "another Player, or Trade at a Trading Post.")
Q_RECUPERATE = ("The Active Player may discard any number of Resource tokens from their Supply to "
                "remove the corresponding Ailment tokens from their Player board.")
Q_QRG_RECUPERATE = "For every one Resource discarded you may remove one corresponding Ailment."
Q_TRADE_WHERE = ("The Active Player may Trade with other Players who are on the same Terrain tile, or "
                 "on the Terrain tiles adjacent to them.")
Q_TRADE_ACCEPT = ("The Player they are proposing the Trade with may then accept or reject the terms "
                  "of the Trade and any tokens and cards are exchanged immediately.")
Q_COMBAT_WHO = ("To initiate combat, the Active Player selects another Player on their current tile, "
                "or an adjacent tile, and then makes a Combat roll.")
Q_COMBAT_DICE = ("They roll one die as standard and add additional dice if they have Equipment cards "
                 "that allow them to do so.")
Q_QRG_COMBAT_DICE = ("Each Player rolls one die, plus an additional die for each Weapon card they "
                     "hold.")
Q_COMBAT_SUM = ("The Active Player adds their dice results together and the opposing Player does the "
                "same.")
Q_COMBAT_WINS = "The Player with the highest result wins the Combat."
Q_QRG_COMBAT_HIGHEST = "Highest roll result wins."
Q_COMBAT_STEAL = ("The winner may steal any Resources and Equipment up to the Value of their total "
                  "roll result from the losing Player's Supply.")
Q_COMBAT_TIE = ("If both Players roll the same result then it is a tie and nothing happens to either "
                "Player.")
Q_FAQ_CITY = "A: No, attacking a Traveler in a city would be unseemly."
Q_POST_WHERE = "If a Player is at a Trading Post they may Trade."
Q_POST_THREE = "Flip the top three cards of the Equipment deck to see what is available to Trade."
Q_POST_AFFORD = ("You can Trade as much or as little as you wish provided you have enough Value to "
                 "afford each item.")
Q_QRG_POST_EQUAL = ("Then, you may purchase from those cards by discarding Resources and/or Equipment "
                    "of equal Value.")
Q_POST_VALUE = ("Each Resource token is worth a Value of one, and Equipment cards are worth the Value "
                "listed on the card.")
Q_POST_RETURN = "Any traded or unwanted cards are then shuffled back into the Equipment deck."

# -- event phase -------------------------------------------------------------------------------------
Q_EVENT = "The Active Player must draw and resolve an Event card before ending their turn."
Q_EVENT_HIGHEST = ("Note: If a Player rolls multiple dice in order to resolve an Event card, they use "
                   "the result of the highest scoring die, not a combined result.")
Q_EVENT_BAG = ("When an Event card contains this icon (a bag showing the number 1, 2 or 3), the "
               "Player is to draw tokens from the Exploration Bag equal to the number on the icon.")
Q_FAQ_EVENT_RAVENOUS = "A: No, Event cards do not affect you."
Q_EXAMPLE_COMPLETE_CARD = ("Therefore, they must discard three Companion tokens total to complete the "
                           "Event card.")
Q_FAQ_PERISH_END_TURN = ("A: Flip your Player board and add one Hunger token to the Ravenous Side then "
                         "end your turn.")

# -- supply ------------------------------------------------------------------------------------------
Q_SLOT_TYPE = ("Equipment cards: Equipment cards must be stored in the slots which share the same "
               "type as the Equipment card (see page 4).")
Q_STORAGE = "Storage cards can allow a Traveler to carry extra Tools and Weapons."
Q_CAPACITY = ("Anytime a Traveler receives a token or card that exceeds their Supply capacity, they "
              "must immediately discard either something from their Supply to make space, or return "
              "the newly acquired item to the Stockpile.")
Q_FAQ_DISCARD_STORAGE = "A: In this instance, both cards would be discarded."
Q_FAQ_STEAL_STORAGE = ("A: The other Traveler would steal the Storage card and the other Equipment "
                       "card would be discarded.")
Q_SELECTS = ("Starting with the First Player and moving to the left, each Player selects which "
             "Traveler they are going to play.")
Q_STARTING = ("Players then search the Equipment deck for the Starting Equipment listed on their "
              "Player board.")

# -- ailments, perishing, sacrifice ------------------------------------------------------------------
Q_ACCRUE = ("When a Player is required to accrue an Ailment, they must take that Ailment token from "
            "the Stockpile and place it on the corresponding spot on their Player Board.")
Q_THRESHOLD = ("Players can accrue up to three of each Ailment type without penalty. However for each "
               "token that exceeds that limit, a Companion perishes, meaning their token is discarded "
               "to the Stockpile.")
Q_EXAMPLE_ONE_ADDED = "One Hunger token is added to their Player board and one Companion perishes."
Q_NOT_REMOVED = "Note: Ailments are NOT removed from your Player Board when a Companion perishes."
Q_NO_COMPANION = ("If a Player is required to have a Companion perish, but they have no remaining "
                  "Companion tokens on their Player Board, their Traveler turns Ravenous (see page "
                  "16).")
Q_SACRIFICE = ("At any time during their turn, Players may Sacrifice a Companion in order to remove "
               "four Ailment tokens currently on their Player board.")
Q_QRG_SACRIFICE = ("Sacrificing Companions: Sacrificing a Companion allows you to remove up to four "
                   "Ailment tokens from your board.")
Q_SKULL = ("To Sacrifice a Companion, the Player must flip a Companion token on their Player board to "
           "reveal the Skull side, then place the token over an available slot on the Ailment track, "
           "as pictured below.")
Q_SKULL_SLOT = ("They can place the Skull tokens on any Ailment type they wish as long as there is a "
                "slot available.")
Q_SKULL_LOWERS = ("This will lower the total amount of Ailment tokens the Traveler can accrue before "
                  "another Companion perishes.")

# -- the Ravenous ------------------------------------------------------------------------------------
Q_TURNS_RAVENOUS_WHEN = ("A Player turns Ravenous once all of their Companions and their Traveler "
                         "have perished.")
Q_TURN_RAVENOUS = ("Once this has occurred, the Player then returns all Ailment tokens, Resource "
                   "tokens, and Equipment cards to the Stockpile, and flips their Player board to "
                   "reveal the Ravenous side.")
Q_RAVENOUS_HUNGER = ("They then add one Hunger token to their Player board. If it is currently their "
                     "turn, they must end their turn immediately.")
Q_RAVENOUS_PHASES = ("A Ravenous Player's turn consists of three Phases that are to be resolved in the "
                     "following order: Movement Phase, Combat Phase, Retreat Phase.")
Q_RAVENOUS_MOVE = "During the Movement Phase, Ravenous Players may move up to two tiles per turn."
Q_RAVENOUS_FREE = "They do not pay Travel Costs."
Q_RAVENOUS_NO_PICKUP = "They do not pick up any tokens or cards on any tiles they move onto."
Q_RAVENOUS_RESTRICT = "Ravenous Travelers cannot move onto Trading Post tiles, Cedar Falls or Newhaven."
Q_RAVENOUS_COMBAT = ("During the Combat Phase a Ravenous Traveler may initiate Combat against each "
                     "opponent on their current tile.")
Q_RAVENOUS_ONCE = "They may only attack each Player once per turn."
Q_RAVENOUS_DICE = ("The number of dice a Ravenous Traveler rolls during Combat is one die for each "
                   "Hunger token currently on their Player board.")
Q_EXAMPLE_DEFENSE_ONE = ("In defense, The Self-Made Entrepreneur rolls one die which results in a "
                         "Worth 2 giving them a result of two.")
Q_EXAMPLE_DEFENSE_PISTOL = ("The Sheriff's Daughter has one pistol in their Supply and rolls two dice "
                            "(one die for standard Combat and one for the pistol).")
Q_RAVENOUS_WINS_A_COMBAT = "If the Ravenous Traveler wins a Combat:"
Q_RAVENOUS_WIN = ("The Ravenous Traveler immediately removes one Hunger from their Player board, and "
                  "the losing Traveler discards a Companion from their Player board.")
Q_RAVENOUS_LOSE = "They must immediately begin the Retreat Phase."
Q_RAVENOUS_TIE = ("Nothing happens. The Ravenous Traveler may initiate Combat with another Player on "
                  "the tile, or begin the Retreat Phase.")
Q_RETREAT = ("After the Combat Phase, Ravenous Travelers must move to an adjacent tile, following "
             "their movement rules and restrictions.")
Q_RETREAT_HUNGER = ("After completing their Retreat Phase, the Ravenous Player adds one Hunger token to "
                    "their Player board and ends their turn.")
Q_FOURTH_HUNGER = ("Note: If a Ravenous Traveler adds a fourth Hunger token to their Player board, "
                   "either by losing Combat, or by gaining a Hunger token at the start of their turn, "
                   "they have perished and they are out of the game.")

# -- end of game -------------------------------------------------------------------------------------
Q_NEWHAVEN = ("Once a Traveler reaches Newhaven their journey is over and they have completed the "
              "game. The first Player to reach Newhaven is the winner.")
Q_RAVENOUS_GOAL = ("To survive until all Players have perished OR until a Player reaches Newhaven and "
                   "ends the game.")
Q_END_ALL = ("We Forlorn Few ends when all Travelers' journeys have come to one of the following "
             "conclusions:")
Q_ALL_RAVENOUS = "If all Travelers turn Ravenous, the game is over."
Q_OBJECTIVE = ("The objective of the game is to be the first Traveler to successfully cross the Game "
               "Board and reach Newhaven.")
Q_FOUR_COMPANIONS = ("Travelers can have up to a total of four Companions on their Player board at "
                     "any time.")
