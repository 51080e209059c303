"""The game as a pure state machine (docs/architecture.md): `GameState`, typed commands and
events, `apply(state, command) -> (state, events)` and `view_for(state, seat)`.

    state = new_game("classic", seed=42)
    state, events = apply(state, DealNext())          # one card
    view = view_for(state, seat=0)                     # what seat 0 may see
    mine = events_for(events, seat=0, state=state)     # the events as seat 0 sees them

Phases and the commands each one takes (the table paces dealing):
  dealing      DealNext (one card) / DealAll; Declare from any seat between cards
               (not in an auction preset)
  declaring    every card dealt: Declare, then DealNext (or DealAll(close=True))
               closes: trump is set (first deal: the winner deals), the kitty
               goes to the dealer; nobody declared: `no_declaration` decides
  bidding      auctions (eighty points, three players): Bid or PassBid by the
               seat whose call it is; the winner deals (all pass: redeal)
  naming_trump NameTrump by the auction's winner; the kitty goes to it
  burying      Bury by the kitty's holder (the cards it holds beyond a hand)
  calling      find friends: CallFriend by the dealer (the friend's card and copy)
  kitty_theft  four-deck 炒底: Steal or PassSteal by `theft_turn`
  overturning  three players' 反牌: Steal or PassSteal by `theft_turn`
  playing      Play by `turn` (lead, throw or follow)
  scoring      the deal is scored and levels moved: NextDeal
  finished     the match is over; every command is refused

`GameState.awaiting()` names the seat the game waits for (None: the table).
`allowed(view)` (or `allowed_in(state, seat)`) says which command kinds a seat
may send now, from the same phase table the commands are checked against.
A refused command raises `RuleError` (a subclass says why) with `.sentence`
and leaves the state as it was. Every rule is asked of `shengji_tui.rules`.
"""

from .allowed import PACING, PHASE_COMMANDS, Allowed, allowed, allowed_in, declare_options
from .apply import apply, apply_all
from .commands import (
    COMMAND_ADAPTER,
    Bid,
    Bury,
    CallFriend,
    Command,
    CommandKind,
    DealAll,
    DealNext,
    Declare,
    NameTrump,
    NextDeal,
    PassBid,
    PassSteal,
    Play,
    Steal,
    parse_command,
)
from .deal import new_game
from .errors import (
    BadCommand,
    IllegalCards,
    NotInHand,
    RuleError,
    StaleVersion,
    WrongPhase,
    WrongSeat,
)
from .events import (
    AuctionOpenerNext,
    AuctionStarted,
    AuctionWon,
    BidMade,
    BidPassed,
    CardDealt,
    DealerChosen,
    DealerRotated,
    DealingDone,
    DealScored,
    DealSettled,
    DealStarted,
    DeclarationsRevealed,
    Declared,
    Event,
    FriendCalled,
    FriendRevealed,
    JackRule,
    KittyBuried,
    KittyCaptured,
    KittyFlipped,
    KittyRevealed,
    KittyShown,
    KittyTaken,
    LevelUp,
    MatchOver,
    Played,
    PlayStarted,
    Redealt,
    StealPassed,
    StealTurn,
    ThrowFailed,
    ThrowPenalty,
    TrickWon,
    TrumpNamed,
    TrumpSet,
)
from .friendcall import FriendCall
from .review import (
    DealReview,
    KittyRound,
    ReviewAuction,
    ReviewCall,
    ReviewFriend,
    ReviewNaming,
    ReviewOverturn,
    ReviewPlay,
    ReviewTrick,
    review_for,
    review_of,
    reviews_of,
)
from .state import SUPPORTED, GameState, Phase, SeatCards, teams_for
from .views import SeatView, events_for, known_sides, view_for, visible_event

__all__ = [
    "COMMAND_ADAPTER",
    "PACING",
    "PHASE_COMMANDS",
    "SUPPORTED",
    "Allowed",
    "AuctionOpenerNext",
    "AuctionStarted",
    "AuctionWon",
    "BadCommand",
    "Bid",
    "BidMade",
    "BidPassed",
    "Bury",
    "CallFriend",
    "CardDealt",
    "Command",
    "CommandKind",
    "DealAll",
    "DealNext",
    "DealReview",
    "DealScored",
    "DealSettled",
    "DealStarted",
    "DealerChosen",
    "DealerRotated",
    "DealingDone",
    "DeclarationsRevealed",
    "Declare",
    "Declared",
    "Event",
    "FriendCall",
    "FriendCalled",
    "FriendRevealed",
    "GameState",
    "IllegalCards",
    "JackRule",
    "KittyBuried",
    "KittyCaptured",
    "KittyFlipped",
    "KittyRevealed",
    "KittyRound",
    "KittyShown",
    "KittyTaken",
    "LevelUp",
    "MatchOver",
    "NameTrump",
    "NextDeal",
    "NotInHand",
    "PassBid",
    "PassSteal",
    "Phase",
    "Play",
    "PlayStarted",
    "Played",
    "Redealt",
    "ReviewAuction",
    "ReviewCall",
    "ReviewFriend",
    "ReviewNaming",
    "ReviewOverturn",
    "ReviewPlay",
    "ReviewTrick",
    "RuleError",
    "SeatCards",
    "SeatView",
    "StaleVersion",
    "Steal",
    "StealPassed",
    "StealTurn",
    "ThrowFailed",
    "ThrowPenalty",
    "TrickWon",
    "TrumpNamed",
    "TrumpSet",
    "WrongPhase",
    "WrongSeat",
    "allowed",
    "allowed_in",
    "apply",
    "apply_all",
    "declare_options",
    "events_for",
    "known_sides",
    "new_game",
    "parse_command",
    "review_for",
    "review_of",
    "reviews_of",
    "teams_for",
    "view_for",
    "visible_event",
]
