"""The table screen's keys, one table per mode (tui/keytable.py says how a
screen's keys are read from its tables).

A state's mode is its phase (`PHASE_MODES`), or `watching` for a spectator.
Each mode asks its own table, then `SEATED` (a player's keys in every phase)
and `EVERYONE` (a spectator's too). What works in a mode is the presenter's
answer (`TableProps.keys`, from `engine.allowed`: the hand's keys greyed while
another seat plays or buries; `AuctionProps.keys`: the auction's visible keys
on the seat's own call, the digits all through the auction, so a digit out of
turn makes the call and the engine's sentence says why it is refused); the
conditions here name those answers and the screen's own facts (a spectator,
a chat, a wide terminal).

Keys that do several things: ← → move in the hand (or choose a declaration,
a bid or a trump); space selects, or while dealing holds the deal; enter
plays, buries, calls the friend, starts the next deal, bids or names trump;
d declares (steals the kitty, overturns), or says why not; n draws the next
card, or (the deal scored) starts the next deal; p passes a theft or a bid;
tab gives the keyboard to the next human while declaring, else moves between
suits; escape clears the selection, or (`leave`) quits for a spectator; the digits
play the listed follows (or the declarations), bid the listed values, or
follow a seat for a spectator."""

from __future__ import annotations

from typing import NamedTuple

from ..keytable import ALWAYS, Keys, KeyTable, Row, Says, Tri, When
from ..props import KeyStates

DIGITS = range(1, 10)


class TableKeyState(NamedTuple):
    """What the table's keys depend on (`TableScreen.key_state`)."""

    keys: KeyStates  # the presenter's (TableProps.keys)
    auction: tuple[tuple[str, bool | None], ...]  # the auction keys' (AuctionProps.keys)
    phase: str  # the view's phase ("dealing" before the first view)
    watching: bool  # a spectator
    chat: bool  # the table has people to talk to
    wide: bool  # the side panel shows the log


PHASE_MODES = {
    "dealing": "dealing",
    "declaring": "declaring",
    "kitty_theft": "stealing",
    "overturning": "overturning",
    "bidding": "bidding",
    "naming_trump": "naming",
    "burying": "burying",
    "calling": "calling",
    "playing": "playing",
    "scoring": "result",
    "finished": "result",
}


def mode_of(s: TableKeyState) -> str:
    return "watching" if s.watching else PHASE_MODES[s.phase]


# ---------------------------------------------------------------- conditions
def _presented(action: str) -> When[TableKeyState]:
    """The presenter's answer for an action (`KeyStates`)."""
    return When(f"presented:{action}", lambda s: s.keys.state(action))


def _auction(action: str) -> When[TableKeyState]:
    """The auction presenter's answer for an auction key."""

    def test(s: TableKeyState) -> Tri:
        for name, value in s.auction:
            if name == action:
                return value
        return False

    return When(f"auction:{action}", test)


MOVE = _presented("move")
PICK = _presented("pick")
JUMP = _presented("jump")
SUIT_EDGE = _presented("suit_edge")
TOGGLE_UNIT = _presented("toggle_unit")
SUGGEST = _presented("suggest")
CONFIRM = _presented("confirm")
NUMBER = _presented("number")
DECLARE = _presented("declare")
PASS_STEAL = _presented("pass_steal")
SKIP_DEAL = _presented("skip_deal")
HOLD_DEAL = _presented("hold_deal")
DEAL_STEP = _presented("deal_step")
NEXT_HAND = _presented("next_hand")
NEXT_DEAL = _presented("next_deal")
LAST_TRICK = _presented("last_trick")
AUCTION_MOVE = _auction("auction_move")
AUCTION_BID = _auction("auction_bid")
AUCTION_NAME = _auction("auction_name")
AUCTION_PASS = _auction("auction_pass")
AUCTION_OPTION = _auction("auction_option")
NOTHING_TO_DECLARE: When[TableKeyState] = When(
    "no declaration works", lambda s: s.keys.state("declare") is not True
)
NARROW: When[TableKeyState] = When("narrow (no log beside)", lambda s: not s.wide)
CHAT: When[TableKeyState] = When("a chat", lambda s: s.chat)

HOLD_LABEL: Says[TableKeyState] = Says(
    "the deal held or not", ("pace.hold_key", "pace.go_on_key"), lambda s: s.keys.hold
)


# ---------------------------------------------------------------- tables
def _digits(
    action: str, when: When[TableKeyState], first: int = 0
) -> tuple[Row[TableKeyState], ...]:
    """1-9 run `action(k + first)` (hidden: the centre lists them)."""
    return tuple(Row(str(k), f"{action}({k + first})", when, show=False) for k in DIGITS)


def _moves(
    when: When[TableKeyState] = MOVE, action: str = "move"
) -> tuple[Row[TableKeyState], ...]:
    label = "auction.keys.move" if action == "auction_move" else "keys.move"
    words = "choose" if action == "auction_move" else "move"
    return (
        Row("left,h", f"{action}(-1)", when, label, display="←→", description=words),
        Row("right,l", f"{action}(1)", when, label, show=False, description=words),
    )


def _hand(confirm: str) -> KeyTable[TableKeyState]:
    """Burying and playing: the hand's keys; enter buries (`confirm`: its
    label) or plays."""
    mode = "burying" if confirm == "keys.bury" else "playing"
    return KeyTable(
        mode,
        (
            *_moves(),
            Row("up", "jump(-1)", JUMP, show=False, description="suit"),
            Row("down", "jump(1)", JUMP, show=False, description="suit"),
            Row("home", "suit_edge(0)", SUIT_EDGE, show=False, description="suit"),
            Row("end", "suit_edge(1)", SUIT_EDGE, show=False, description="suit"),
            Row("space", "pick", PICK, "keys.select", description="select"),
            Row("a", "toggle_unit", TOGGLE_UNIT, show=False, description="unit"),
            Row("enter", "confirm", CONFIRM, confirm, display="⏎", description="play"),
            Row("s", "suggest", SUGGEST, "keys.suggest", description="suggest"),
            Row("tab", "jump(1)", JUMP, show=False, description="suit"),
            Row("shift+tab", "jump(-1)", JUMP, show=False, description="suit"),
            *_digits("number", NUMBER),
        ),
    )


def _dealing(mode: str, skip: str) -> KeyTable[TableKeyState]:
    """The cards dealt, then the declarations' last window (`skip`: the skip
    key's label: deal the rest, or close the declarations)."""
    return KeyTable(
        mode,
        (
            *_moves(),
            Row("space", "hold_deal", HOLD_DEAL, HOLD_LABEL, description="hold"),
            Row("d", "declare", DECLARE, "keys.declare", description="declare"),
            Row("f", "skip_deal", SKIP_DEAL, skip, description="skip"),
            Row("n", "deal_step", DEAL_STEP, "pace.step_key", description="next card"),
            Row(
                "tab", "next_hand", NEXT_HAND, "keys.next_hand", show=False, description="next hand"
            ),
            *_digits("number", NUMBER),
        ),
    )


def _stealing(mode: str, declare: str) -> KeyTable[TableKeyState]:
    """A kitty theft (炒底) or three players' overturn (反牌): d takes the
    kitty with a declaration (`declare`: its label), p passes."""
    return KeyTable(
        mode,
        (
            *_moves(),
            Row("d", "declare", DECLARE, declare, description="declare"),
            Row("p", "pass_steal", PASS_STEAL, "keys.pass_steal", description="pass"),
            Row(
                "tab", "next_hand", NEXT_HAND, "keys.next_hand", show=False, description="next hand"
            ),
            *_digits("number", NUMBER),
        ),
    )


def _auction_table(mode: str, enter: Row[TableKeyState]) -> KeyTable[TableKeyState]:
    """Bidding or naming trump: ← → choose, enter calls, 1-9 call the listed."""
    return KeyTable(
        mode,
        (
            *_moves(AUCTION_MOVE, "auction_move"),
            enter,
            *(
                (Row("p", "auction_pass", AUCTION_PASS, "auction.keys.pass", description="pass"),)
                if mode == "bidding"
                else ()
            ),
            *_digits("auction_option", AUCTION_OPTION, -1),
        ),
    )


DEALING = _dealing("dealing", "keys.skip")
DECLARING = _dealing("declaring", "keys.skip_done")
STEALING = _stealing("stealing", "keys.declare")
OVERTURNING = _stealing("overturning", "auction.keys.overturn")
BIDDING = _auction_table(
    "bidding",
    Row("enter", "auction_bid", AUCTION_BID, "auction.keys.bid", display="⏎", description="bid"),
)
NAMING = _auction_table(
    "naming",
    Row(
        "enter",
        "auction_name",
        AUCTION_NAME,
        "auction.keys.name",
        display="⏎",
        description="name trump",
    ),
)
BURYING = _hand("keys.bury")
PLAYING = _hand("keys.play")
CALLING = KeyTable(  # enter opens the calling dialog
    "calling",
    (Row("enter", "confirm", CONFIRM, "keys.call_friend", display="⏎", description="play"),),
)
RESULT = KeyTable(  # the deal scored (the result shows over the table)
    "result",
    (
        Row("enter", "confirm", CONFIRM, "keys.next_deal", display="⏎", description="play"),
        Row("n", "next_deal", NEXT_DEAL, "keys.next_deal", show=False, description="next deal"),
    ),
)
WATCHING = (
    KeyTable(  # a spectator: a digit follows seat k's view (where its player lets), 0 the table
        "watching",
        (
            Row("escape", "leave", ALWAYS, "keys.quit", show=False, description="quit"),
            Row("1", "follow(0)", ALWAYS, "watch.follow_key", display="0-9", description="follow"),
            *(
                Row(str(k), f"follow({k - 1})", ALWAYS, "watch.follow_key", show=False)
                for k in DIGITS
                if k > 1
            ),
            Row("0", "follow(-1)", ALWAYS, "watch.follow_key", show=False, description="follow"),
            # (not offered: pressed anyway, the seating's sentence says why)
            Row("u", "take_back", ALWAYS, "takeback.key", show=False, description="take back"),
        ),
    )
)
SEATED = KeyTable(  # a player's, in every phase
    "seated",
    (
        Row("d", "nothing_to_declare", NOTHING_TO_DECLARE, show=False, description="declare"),
        Row("u", "take_back", ALWAYS, "takeback.key", show=False, description="take back"),
        Row("escape", "clear", ALWAYS, "keys.clear", show=False, description="clear"),
    ),
)
EVERYONE = KeyTable(  # a player's and a spectator's
    "everyone",
    (
        Row("t", "last_trick", LAST_TRICK, "keys.last_trick", description="last trick"),
        Row("g", "show_log", NARROW, "keys.log", show=False, description="log"),
        Row("m", "counter", ALWAYS, "aids.counter_key", show=False, description="counter"),
        Row("k", "kitty", ALWAYS, "aids.kitty_key", show=False, description="kitty"),
        Row("c", "chat", CHAT, "chat.key", description="chat"),
        Row("question_mark", "help", ALWAYS, "keys.help", display="?", description="help"),
        Row("q", "quit_table", ALWAYS, "keys.quit", description="quit"),
    ),
)

# the footer's order of the keys
ORDER = (
    "left,h,right,l,up,down,home,end,space,a,enter,d,f,s,t,g,m,k,u,escape,n,p,tab,c,"
    "shift+tab,question_mark,q,1,2,3,4,5,6,7,8,9,0"
)

TABLE_KEYS: Keys[TableKeyState] = Keys(
    {
        "watching": (WATCHING, EVERYONE),
        "dealing": (DEALING, SEATED, EVERYONE),
        "declaring": (DECLARING, SEATED, EVERYONE),
        "stealing": (STEALING, SEATED, EVERYONE),
        "overturning": (OVERTURNING, SEATED, EVERYONE),
        "bidding": (BIDDING, SEATED, EVERYONE),
        "naming": (NAMING, SEATED, EVERYONE),
        "burying": (BURYING, SEATED, EVERYONE),
        "calling": (CALLING, SEATED, EVERYONE),
        "playing": (PLAYING, SEATED, EVERYONE),
        "result": (RESULT, SEATED, EVERYONE),
    },
    mode_of,
    ORDER,
)
