"""The table screen's model as props, one frozen value per widget (`props.py`).

Pure: a `Model` (and the time, for the declaring countdown) in, props out; no
Textual, no Rich. Everything a widget shows is decided here: the words (in the
model's catalogue), the cards' labels and what their style depends on, which
keys work (from `engine.allowed`), what the centre says in each phase. The
widgets only lay the props out for their width and paint them.

`Presenter` keeps small memos of pure functions of their arguments (the hand
grouped by suit, each card's chip), one per screen: the props are the same
whatever is memoised.
"""

from __future__ import annotations

import math
import weakref
from collections import Counter
from collections.abc import Sequence

from .. import rules
from ..engine import (
    SeatCards,
)
from ..rules import Card, Rank, RuleSet, Suit
from ..text import describe_lead, play_verb
from . import outcome
from .model import Model
from .props import (
    AuctionProps,
    CentreProps,
    Chip,
    DeclareProps,
    Group,
    HandCard,
    HandGroup,
    HandProps,
    KeyStates,
    LastTrickProps,
    Line,
    LogProps,
    MeProps,
    Piece,
    ResultProps,
    ScoreProps,
    SeatProps,
    StatusProps,
    TableProps,
    Words,
    line_rows,
    plain,
)
from .props import (
    Cards as CardsPiece,
)
from .variants.auction.presenter import key_hint, packed
from .variants.presenters import NO_AUCTION, VariantPresenter, variant_class

GLYPHS = {"turn": "▶", "dealer": "★", "sel": "▲", "new": "+", "win": "◀", "sep": "·"}
ASCII_GLYPHS = {"turn": ">", "dealer": "*", "sel": "^", "new": "+", "win": "<", "sep": "|"}

# The table's keys whose state changes with the game (the others always work).
DYNAMIC_KEYS = (
    "pass_steal",
    "move",
    "pick",
    "confirm",
    "declare",
    "number",
    "skip_deal",
    "suggest",
    "next_deal",
    "next_hand",
    "last_trick",
    "call_friend",
    "hold_deal",
    "deal_step",
    "jump",
    "suit_edge",
    "toggle_unit",
)


def seat_positions(players: int) -> tuple[str, ...]:
    """Where the other seats sit around the viewer (at the bottom), in play order:
    the next seat on the right, the one before the viewer on the left, the rest
    across the top from right to left."""
    if players < 2:
        return ()
    if players == 2:
        return ("top",)
    across = {
        0: (),
        1: ("top",),
        2: ("top-right", "top-left"),
        3: ("top-right", "top", "top-left"),
    }.get(players - 3)
    if across is None:
        across = tuple(f"top-{k}" for k in range(1, players - 2))
    return ("right", *across, "left")


def closing(m: Model) -> bool:
    """Every card is dealt and the table waits for the last declarations."""
    a = m.allowed
    return a is not None and a.closing


def words(text: str, style: str = "") -> Line:
    return Line((Words(text),), style)


# the phases from the bury to the last trick: the centre box keeps one height
AFTER_THE_DEAL = frozenset({"burying", "calling", "kitty_theft", "overturning", "playing"})


class Presenter:
    """Props for the table screen's widgets from a `Model` (see the module doc);
    what differs between the rules families it asks of its variant presenter
    (`variant`)."""

    def __init__(self) -> None:
        self._chips: dict[Card, Chip] = {}
        self._chips_for: object = None
        self._groups: tuple[object, tuple[HandGroup, ...]] | None = None
        self._last: tuple[object, LastTrickProps] | None = None
        self._optional: dict[int, int] = {}  # the centre's lines that may go (fit_centre)
        self._variant: tuple[RuleSet, VariantPresenter] | None = None

    def variant(self, m: Model) -> VariantPresenter:
        """The variant presenter of the shown view's rules (made once per ruleset;
        it reaches this one's chips weakly: the two in a cycle would wait for
        the collector at the app's end)."""
        v = m.facts.view
        assert v is not None
        got = self._variant
        if got is None or got[0] is not v.rules:  # (each view may bring its own copy)
            if got is None or got[0] != v.rules:
                got = (v.rules, variant_class(v.rules)(weakref.proxy(self)))
            got = self._variant = (v.rules, got[1])
        return got[1]

    def look(self, m: Model) -> tuple[object, ...]:
        """What every text depends on besides the game: the words, the card style,
        how seats are named (the viewer, the names at the table)."""
        return (
            m.prefs.cat,
            m.prefs.ct,
            m.prefs.ct.ascii,
            m.facts.seat,
            m.facts.seating.own_seat,
            tuple(m.facts.names),
            m.prefs.compact,
        )

    # ------------------------------------------------------------ pieces
    def glyphs(self, m: Model) -> dict[str, str]:
        return ASCII_GLYPHS if m.prefs.ct.ascii else GLYPHS

    def chip(self, m: Model, card: Card) -> Chip:
        v = m.facts.view
        key = (
            m.prefs.ct,
            m.prefs.cat.lang,
            m.prefs.ct.ascii,
            None if v is None else (v.rules, m.ctx),
        )
        if key != self._chips_for:
            self._chips_for, self._chips = key, {}
        got = self._chips.get(card)
        if got is None:
            trump = v is not None and rules.is_trump(v.rules, m.ctx, card)
            red = card.rank is Rank.BJ if card.suit is None else card.suit.is_red
            got = self._chips[card] = Chip(m.prefs.ct.card(card), red, trump, bool(card.points))
        return got

    def cards(self, m: Model, cards: Sequence[Card]) -> CardsPiece:
        return CardsPiece(tuple(self.chip(m, c) for c in cards))

    # ------------------------------------------------------------ the whole table
    def present(self, m: Model, now: float) -> TableProps:
        self._optional = {}  # id of a line -> how soon it goes (0 first)
        declare = self.declare(m)
        auction = self.variant(m).auction_panel(m) if m.facts.view is not None else NO_AUCTION
        centre, declare, auction = self.fit_column(m, self.centre(m, now), declare, auction)
        return TableProps(
            status=self.status(m, now),
            seats=self.seats(m),
            me=self.me(m),
            centre=centre,
            declare=declare,
            hand=self.hand(m),
            score=self.score(m),
            last_trick=self.last_trick(m),
            keys=self.keys(m),
            log=LogProps(m.facts.log_id, len(m.facts.log), m.facts.log),
            countdown=m.facts.declare_deadline is not None and closing(m),
            auction=auction,
        )

    # ------------------------------------------------------------ status line
    def status(self, m: Model, now: float | None = None) -> StatusProps:
        """The status line (`now`: the time the turn clock is shown at; None: no clock)."""
        t = m.prefs.cat.t
        v = m.facts.view
        title = t("watch.title" if m.facts.spectating else "app.title")
        sep = f" {self.glyphs(m)['sep']} "
        if v is None:
            return StatusProps(title, sep, ())
        if not m.facts.spectating:
            title = self.game_title(m)
        full, narrow = self.variant(m).status_parts(m)
        return StatusProps(title, sep, full, self.clock(m, now), narrow)

    @staticmethod
    def game_title(m: Model) -> str:
        """The game played, named: its preset's name ("Find friends (找朋友)"), or
        for rules of a file of its own the app's title."""
        v = m.facts.view
        key = f"game.{v.rules.name}" if v is not None else ""
        if not key or not m.prefs.cat.has(key):
            return m.prefs.cat.t("app.title")
        return m.prefs.cat.t("game.title", game=m.prefs.cat.t(key))

    def clock(self, m: Model, now: float | None) -> Line | None:
        """The turn clock's seconds left (whose, and the declaring window's)."""
        c = m.facts.clock
        if c is None or now is None:
            return None
        t = m.prefs.cat.t
        left = max(0, math.ceil(c.deadline - now))
        if c.seat is None:
            return words(t("clock.declaring", s=left), "seat--dim")
        if m.is_you(c.seat):
            return words(t("clock.yours", s=left), "centre--alert" if left <= 10 else "seat--turn")
        return words(t("clock.theirs", name=m.name(c.seat), s=left), "seat--dim")

    # ------------------------------------------------------------ seats
    def seats(self, m: Model) -> tuple[SeatProps, ...]:
        if m.facts.view is None:
            return ()
        positions = seat_positions(m.players)
        out = []
        for k, pos in enumerate(positions):
            seat = m.seat_at(k + 1)
            lines = self.seat_lines(m, seat, pos)
            # five or six seats: the ones across share a row (a third of it, or less)
            narrow = self.narrow_seat(m, seat, lines) if m.players > 4 and pos[:3] == "top" else ()
            if pos in ("left", "right") and not m.prefs.compact:  # (compact: the role has its line)
                # a long name: the role on a line of its own (a panel too narrow
                # even for the name cuts it: widgets.SeatPanel)
                head = self.name_and_role(m, seat)
                if len(head) > 1:
                    narrow = ((*head, *lines[1:]),)
            out.append(SeatProps(seat, pos, lines, narrow))
        return tuple(out)

    def name_and_role(self, m: Model, seat: int) -> tuple[Line, ...]:
        """A seat's name line for a panel its name and role do not fit on one
        line of: the name (the turn and dealer marks beside it), then its role."""
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        g = self.glyphs(m)
        name: list[Piece] = []
        if v.awaiting == seat:
            name.append(Words(g["turn"] + " ", "seat--turn"))
        name.append(Words(m.name(seat), "seat--name"))
        if v.dealer == seat:
            name.append(Words(" " + g["dealer"]))
        if seat in m.facts.on_auto:
            name.append(Words(" " + t("clock.on_auto"), "centre--alert"))
        roles = self.seat_roles(m, seat, with_dealer=False)
        if not roles:
            return (Line(tuple(name)),)
        said = t("seat.roles", roles=t("seat.role_sep").join(roles)).strip()
        return (Line(tuple(name)), words(said, "seat--dim"))

    def narrow_seat(
        self, m: Model, seat: int, lines: tuple[Line, ...]
    ) -> tuple[tuple[Line, ...], ...]:
        """A seat across the table in a row of several, in fewer and shorter
        lines, the shortest last (its panel shows the first that fits): its cards
        and points on one line ("24 cards · 25 pts"; its level too, unless the
        status line says it: fixed partners' "us 2 / them 3"), then its play
        without its verb ("8♦ 8♦ ◀"), then its name and play alone."""
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        g = self.glyphs(m)
        info = [t("seat.cards", n=v.hand_sizes[seat])]
        if not self.variant(m).levels_in_status(m):
            info.insert(0, self.standing(m, seat))
        pts = v.points_by_seat[seat]
        if pts and v.dealer_side and seat not in v.dealer_side:
            info.append(t("seat.points", n=pts))
        name, play = lines[0], lines[-1]
        short_play = Line(self.play_pieces(m, seat, with_throw=True, verb=False))
        info_line = words(f" {g['sep']} ".join(info), "seat--dim")
        return ((name, info_line, play), (name, info_line, short_play), (name, short_play))

    def seat_lines(self, m: Model, seat: int, position: str = "") -> tuple[Line, ...]:
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        g = self.glyphs(m)
        name: list[Piece] = []
        if v.awaiting == seat:
            name.append(Words(g["turn"] + " ", "seat--turn"))
        name.append(Words(m.name(seat), "seat--name"))
        info = [self.standing(m, seat), t("seat.cards", n=v.hand_sizes[seat])]
        side = position in ("left", "right")
        # a side panel is 16 columns at 80 (10 at 60): its dealer shows "Ana ★
        # (opponent)", not "Ana (opponent, dealer ★)", which would wrap
        short = side or m.players > 4  # (five or six seats: panels a third wide or less)
        roles = self.seat_roles(m, seat, with_dealer=not short)
        role_line: Line | None = None
        if m.prefs.compact and side:
            # a small terminal: the name, then its role on a line of its own
            if v.dealer == seat:
                name.append(Words(" " + g["dealer"]))
            if roles:
                said = t("seat.roles", roles=t("seat.role_sep").join(roles)).strip()
                role_line = words(said, "seat--dim")
            sep = "\n"
        else:
            if short and v.dealer == seat:
                name.append(Words(" " + g["dealer"]))
            if roles:
                name.append(Words(t("seat.roles", roles=t("seat.role_sep").join(roles))))
            # ("score +10 · 25 cards" is wider than a side panel: on two lines)
            two = m.prefs.compact or self.variant(m).standing_wide(m)
            sep = "\n" if two and side else f" {g['sep']} "
        if seat in m.facts.on_auto:
            name.append(Words(" " + t("clock.on_auto"), "centre--alert"))
        out = [Line(tuple(name))]
        if role_line is not None:
            out.append(role_line)
        out.append(words(sep.join(info), "seat--dim"))
        pts = v.points_by_seat[seat]
        if pts and v.dealer_side and seat not in v.dealer_side:
            won = t("seat.points_won", n=pts)
            if m.prefs.compact and not side:  # (a seat across: its 3 lines, the points on the 2nd)
                last = out.pop()
                out.append(words(plain(last) + f" {g['sep']} " + won, "seat--dim"))
            else:
                out.append(words(won, "seat--dim"))
        out.append(Line(self.play_pieces(m, seat, with_throw=True)))
        return tuple(out)

    def standing(self, m: Model, seat: int) -> str:
        """A seat's level ("lvl 3"), or at eighty points, where every deal is
        played at 2, its match points ("score +3"): the variant's answer."""
        return self.variant(m).standing(m, seat)

    def seat_roles(self, m: Model, seat: int, with_dealer: bool = True) -> list[str]:
        """A seat's team or role as far as the view says (the variant's answer:
        with fixed partners its team, partner / opponent; otherwise, once there
        is a dealer, its side this deal, dealer side / attacker; find friends:
        the dealer side is its revealed part), and the dealer's mark (unless
        `with_dealer` is False)."""
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        roles = self.variant(m).seat_roles(m, seat)
        if v.dealer == seat and with_dealer:
            roles.append(t("seat.dealer") + " " + self.glyphs(m)["dealer"])
        return roles

    def play_pieces(
        self, m: Model, seat: int, with_throw: bool, verb: bool = True
    ) -> tuple[Piece, ...]:
        """What `seat` declared (while dealing) or played in this trick (or the last
        one, dimmed, until the next lead), with its verb and the winner's mark
        (`verb` False: the mark alone)."""
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        out: list[Piece] = []
        call = self.variant(m).call_pieces(m, seat)  # (the seat's call in an auction)
        if call is not None:
            return call
        if v.phase in ("dealing", "declaring"):
            mine = [d for d in v.declarations if d.seat == seat]
            if mine:
                out.append(Words(t("seat.declared") + " "))
                out.append(self.cards(m, mine[-1].cards))
            return tuple(out)
        failed = m.facts.throw_failed
        if with_throw and failed is not None and failed.seat == seat and v.trick:
            out.append(Words(t("seat.throw_tried") + " ", "centre--alert"))
            out.append(self.cards(m, m.sorted_cards(failed.tried)))
            out.append(Words("\n"))
        plays: tuple[SeatCards, ...] = v.trick
        last = False
        if not plays and v.last_trick and v.phase == "playing":
            plays, last = v.last_trick, True
        lead = plays[0].cards if plays else ()
        winner = m.current_winner() if not last else v.last_trick_winner
        for p in plays:
            if p.seat != seat:
                continue
            shown = self.cards(m, p.cards)
            out.append(Group((shown,), "card--dim") if last else shown)
            if not verb:
                if winner == seat:
                    out.append(Words(f" {self.glyphs(m)['win']}", "seat--win"))
                continue
            if p.cards is lead or p == plays[0]:
                said = t("seat.led")
            else:
                said = t("seat." + play_verb(m.rs, m.ctx, lead, p.cards))
            out.append(Words(f"  {said}", "seat--dim"))
            if winner == seat:
                key = "seat.won" if last else "seat.winning"
                out.append(Words(f" {self.glyphs(m)['win']} {t(key)}", "seat--win"))
        return tuple(out)

    def me(self, m: Model) -> MeProps:
        v = m.facts.view
        if v is None:
            return MeProps(Line(()), None)
        t = m.prefs.cat.t
        g = self.glyphs(m)
        seat = m.facts.seat
        pieces: list[Piece] = [Words(m.name(seat), "seat--name")]
        if m.facts.spectating and v.awaiting == seat:
            pieces.insert(0, Words(g["turn"] + " ", "seat--turn"))
        held = v.hand_sizes[seat] if m.facts.spectating else len(v.hand)
        info = [self.standing(m, seat), t("seat.cards", n=held)]
        info.extend(self.variant(m).own_roles(m, seat))
        if v.dealer == seat:
            info.append(t("seat.dealer") + " " + g["dealer"])
        name = list(pieces)
        if v.dealer == seat:
            name.append(Words(" " + g["dealer"], "seat--dim"))
        pieces.append(Words("  " + f" {g['sep']} ".join(info), "seat--dim"))
        play = self.play_pieces(m, seat, with_throw=False)
        # too narrow: the cards held and the play, then the play alone; without a
        # play the level and cards, without the side
        counts = f" {g['sep']} ".join(info[:2])
        shorter: tuple[Line, ...] = (Line((*name, Words("  " + counts, "seat--dim"))),)
        if play:
            pieces.append(Words("   "))
            pieces.extend(play)
            held_words = Words("  " + info[1] + "  ", "seat--dim")
            shorter = (Line((*name, held_words, *play)), Line((*name, Words("  "), *play)))
        flag = None
        if m.facts.spectating:  # whose hand is shown, if any
            key = "watch.flag_public" if v.seat != seat else "watch.flag_following"
            flag = words(t(key, name=m.name(seat)), "seat--dim")
        elif seat in m.facts.on_auto:
            flag = words(t("clock.on_auto_you"), "centre--alert")
        elif v.awaiting == seat:
            key = {
                "burying": "seat.your_bury",
                "kitty_theft": "seat.your_steal",
                "calling": "seat.your_call",
                "bidding": "auction.your_bid_flag",
                "naming_trump": "auction.your_naming_flag",
                "overturning": "auction.your_overturn_flag",
            }.get(v.phase, "seat.your_turn")
            flag = words(f"{g['turn']} {t(key)}", "seat--turn")
        elif m.prefs.shown_to_spectators:  # (kibitzers follow this hand: the player should know)
            flag = words(t("watch.flag_shown"), "seat--dim")
        return MeProps(Line(tuple(pieces)), flag, shorter)

    # ------------------------------------------------------------ centre
    def centre(self, m: Model, now: float) -> CentreProps:
        """The centre's lines, all of them (`fit_column` leaves out what does not fit)."""
        v = m.facts.view
        t = m.prefs.cat.t
        if v is None:
            return CentreProps((words(t("centre.waiting_table")),), None)
        lines = tuple(self._centre_lines(m, now))
        return CentreProps(lines, (v.deal_no, v.phase), self.centre_reserve(m))

    @staticmethod
    def centre_reserve(m: Model) -> int:
        """The rows a trick usually reaches at its tallest (`trick_lines`): the last
        trick won, the lead and the follows before your turn, your turn's prompt,
        the plays the digits pick, the hint's reason (`s`) and what your selection
        makes; the last trick, the prompt, the plays and the reason take two rows
        each in a box of 40 columns. From the bury on: the box does not change its
        height when the play starts, nor when you ask for a hint."""
        v = m.facts.view
        if v is None or v.phase not in AFTER_THE_DEAL:
            return 0
        return v.rules.players + 8

    def optional(self, line: Line, rank: int) -> Line:
        """`line` may be left out of a centre too small for all (rank 0 first)."""
        self._optional[id(line)] = rank
        return line

    def fit_column(
        self, m: Model, centre: CentreProps, declare: DeclareProps, auction: AuctionProps
    ) -> tuple[CentreProps, DeclareProps, AuctionProps]:
        """The centre column's boxes in its room (`Model.centre_room`: their text's
        columns, and the lines the seats across leave): the trick box (or the
        bidding panel in its place) over the declaration panel, each with its
        border. On a small terminal the declarations join the centre's box (two
        borders are two lines it has not). Optional lines go first (what the key
        bar, the status line or `t` also tell), the first ranks first."""
        room = m.prefs.centre_room
        if centre.stage is not None:
            centre = centre._replace(stage=(*centre.stage, room))
        if declare.shown or auction.shown:  # (the room is theirs too)
            centre = centre._replace(reserve=0)
        elif room is not None and centre.reserve:  # (never more than its room)
            centre = centre._replace(reserve=max(0, min(centre.reserve, room[1] - 2)))
        if m.prefs.compact and declare.shown:
            lines = (*centre.lines, *declare.lines)
            centre, declare = centre._replace(lines=lines), DeclareProps(False, ())
        if room is None or room[0] <= 0 or room[1] <= 0:
            return centre, declare, auction
        top = auction if auction.shown else centre
        boxes = [top.lines, declare.lines] if declare.shown else [top.lines]
        fitted = self.fit(boxes, room)
        if declare.shown:
            declare = declare._replace(lines=fitted[1])
        if auction.shown:
            return centre, declare, auction._replace(lines=fitted[0])
        return centre._replace(lines=fitted[0]), declare, auction

    def fit(self, boxes: Sequence[Sequence[Line]], room: tuple[int, int]) -> list[tuple[Line, ...]]:
        """The lines of boxes one above the other (each with its border) less
        the optional ones that do not fit `room` (their columns, and the lines
        of all of them)."""
        width, height = room
        height -= 2 * len(boxes)  # (a box's border: its top and bottom lines)
        lines = [line for box in boxes for line in box]
        if not any(id(line) in self._optional for line in lines):
            return [tuple(box) for box in boxes]
        sizes = [line_rows(line, width) for line in lines]
        keep = [True] * len(lines)
        order = sorted(
            (i for i, line in enumerate(lines) if id(line) in self._optional),
            key=lambda i: (self._optional[id(lines[i])], -i),
        )
        total = sum(sizes)
        dropped: list[int] = []
        for i in order:
            if total <= height:
                break
            keep[i] = False
            total -= sizes[i]
            dropped.append(i)
        for i in reversed(dropped[:-1]):  # (a shorter one left out first may fit again)
            if total + sizes[i] <= height:
                keep[i] = True
                total += sizes[i]
        out: list[tuple[Line, ...]] = []
        at = 0
        for box in boxes:
            out.append(
                tuple(line for line, k in zip(box, keep[at : at + len(box)], strict=True) if k)
            )
            at += len(box)
        return out

    def _centre_lines(self, m: Model, now: float) -> list[Line]:
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        variant = self.variant(m)
        out: list[Line] = []
        own = variant.centre(m)  # (an auction's dealing, three players' overturn)
        if own is not None:
            out = own
        elif v.phase in ("dealing", "declaring"):
            total = v.rules.hand_size * v.rules.players
            dealt = total - v.cards_left
            if v.phase == "dealing":
                out.append(words(t("centre.dealing", n=dealt, total=total)))
                if m.facts.last_dealt is not None:  # (marked + in the hand: say so)
                    got = self.cards(m, [m.facts.last_dealt])
                    mark = Words(t("centre.you_got_mark"), "seat--dim")
                    out.append(Line((Words(t("centre.you_got") + " "), got, mark)))
            elif m.facts.declare_deadline is not None and not m.facts.deal_held:
                left = max(0, math.ceil(m.facts.declare_deadline - now))
                out.append(words(t("centre.dealt_countdown", s=left)))
            else:
                out.append(words(t("centre.dealt")))
            if m.facts.deal_held and m.can_hold():
                key = "pace.held" if v.phase == "dealing" else "pace.held_closing"
                out.append(words(m.prefs.ct.keys(t(key)), "centre--prompt"))
            if v.dealer is None:
                if not m.prefs.compact:  # (the help says it too)
                    out.append(self.optional(words(t("centre.first_deal_rule"), "seat--dim"), 1))
            else:
                out.append(words(t("centre.dealer_known", name=m.name(v.dealer))))
        elif v.phase == "burying":
            holder = v.kitty_holder
            if holder == m.me:
                key = "centre.bury_title_marked" if m.facts.kitty_new else "centre.bury_title"
                out.append(words(t(key, k=m.bury_count()), "centre--prompt"))
                why, chk = m.checked()
                if why:  # (the hint's reason: a small centre may leave it out)
                    out.append(
                        self.optional(words(why, "centre--ok" if chk.ok else "seat--dim"), 1)
                    )
                out.append(words(chk.message, "centre--ok" if chk.ok else "centre--alert"))
                sel = m.selection()
                if sel:  # (marked ▲ in the hand too)
                    out.append(self.optional(Line((self.cards(m, sel),)), 1))
                keys = key_hint(m, t("centre.bury_keys"))
                out.append(self.optional(keys, 0))  # (the key bar says them too)
            else:
                k = m.bury_count()
                out.append(words(t("centre.burying", name=m.name(holder or 0), k=k)))
            out.extend(variant.burying_lines(m))
        elif v.phase == "kitty_theft":
            who = v.theft_turn
            if who == m.me:  # (a small terminal: the key bar says the keys)
                key = "centre.your_theft_short" if m.prefs.compact else "centre.your_theft"
                out.append(words(t(key), "centre--prompt"))
            else:
                out.append(words(t("centre.theft", name=m.name(who if who is not None else 0))))
        elif v.phase == "calling":
            out.extend(variant.calling_lines(m))
        elif v.phase == "playing":
            before, after = variant.playing_lines(m)  # (the friend's call, the shown kitty)
            out.extend(before)
            out.extend(self.trick_lines(m))
            out.extend(after)
        elif v.phase == "scoring":
            out.append(words(t("centre.deal_over", points=m.attacker_points())))
            out.append(words(t("centre.next_deal_key"), "centre--prompt"))
        elif v.phase == "finished":
            out.append(words(t("centre.match_over")))
        return out

    def trick_lines(self, m: Model) -> list[Line]:
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        out: list[Line] = []
        if v.trick and v.last_trick and v.last_trick_winner is not None:
            pts = sum(rules.points(p.cards) for p in v.last_trick)
            win = next((p.cards for p in v.last_trick if p.seat == v.last_trick_winner), ())
            key = "centre.last_won" if pts else "centre.last_won_nothing"
            said = t(key, name=m.name(v.last_trick_winner), points=pts, cards="\0")
            before, _, after = said.partition("\0")  # (where the cards go in the sentence)
            pieces = (Words(before), self.cards(m, win), Words(after))
            out.append(self.optional(Line(pieces, "seat--dim", "card--dim"), 1))  # (`t` shows it)
        failed = m.facts.throw_failed
        if failed is not None and v.trick:
            said = t("centre.throw_failed", name=m.name(failed.seat)) + " "
            out.append(
                Line((Words(said), self.cards(m, m.sorted_cards(failed.tried))), "centre--alert")
            )
            reason = m.throw_reason()
            if reason and failed.seat == m.me:  # the rules' reason speaks to the thrower
                out.append(words(reason, "seat--dim"))
            forced = t("centre.throw_forced") + " "
            out.append(Line((Words(forced), self.cards(m, failed.forced)), "centre--prompt"))
        if v.trick:
            lead = v.trick[0].cards
            for i, p in enumerate(v.trick):
                if i == 0:
                    if failed is not None:
                        continue
                    shape = t(
                        "centre.shape", shape=describe_lead(m.prefs.cat, m.rs, m.ctx, p.cards)
                    )
                    led = Line(
                        (
                            Words(t("centre.led", name=m.name(p.seat)) + " "),
                            self.cards(m, p.cards),
                            Words(shape),
                        )
                    )
                    out.append(self.optional(led, 4))  # (the last to go: the seats show it)
                else:  # (each seat's panel shows its play too)
                    verb = play_verb(m.rs, m.ctx, lead, p.cards)
                    key = "centre." + verb + ("_you" if m.is_you(p.seat) else "")
                    said = t(key, name=m.name(p.seat)) + " "
                    out.append(self.optional(Line((Words(said), self.cards(m, p.cards))), 2))
        elif v.last_trick and v.last_trick_winner is not None:
            pts = sum(rules.points(p.cards) for p in v.last_trick)
            key = "centre.trick_won_points" if pts else "centre.trick_won"
            said = t(key, name=m.name(v.last_trick_winner), n=v.trick_no, points=pts)
            out.append(self.optional(words(said, "seat--dim"), 1))  # (`t` shows it)
        if v.awaiting == m.me:
            what = m.requirement()
            if m.prefs.compact and what == t("prompt.lead"):  # (any lead: a small centre says less)
                what = t("prompt.lead_short")
            out.append(words(t("centre.your_turn", what=what), "centre--prompt"))
            listed = m.listed_plays()
            if listed:  # what the digits pick
                picks: list[Group] = []
                for k, cards in enumerate(listed, 1):
                    number = Words(t("declare.option", n=k))
                    lead_in = (Words(t("assist.plays")),) if k == 1 else ()
                    picks.append(Group((*lead_in, number, self.cards(m, cards))))
                width = m.prefs.centre_room[0] if m.prefs.centre_room is not None else None
                line = Line(tuple(packed(picks, " ", width)), "seat--dim")  # (none cut in two)
                out.append(self.optional(line, 3))
            why, chk = m.checked()
            if why:  # (the hint's reason: a small centre may leave it out)
                out.append(self.optional(words(why, "centre--ok" if chk.ok else "seat--dim"), 1))
            if chk.message and not m.cursor.selected:  # how to pick (the key bar says it too)
                hint = words(chk.message, "centre--ok" if chk.ok else "seat--dim")
                out.append(self.optional(hint, 0))
            elif chk.message:  # what the picked cards make: playable, or why not
                out.append(words(chk.message, "centre--ok" if chk.ok else "centre--alert"))
        elif v.awaiting is not None:
            out.append(words(t("centre.waiting_for", name=m.name(v.awaiting)), "seat--dim"))
        return out

    # ------------------------------------------------------------ declaring
    def declare(self, m: Model) -> DeclareProps:
        v = m.facts.view
        a = m.allowed
        if v is None or a is None or not ({"declare", "steal"} & a.kinds):
            return DeclareProps(False, ())
        own = self.variant(m).declare_panel(m)  # (three players' 反牌)
        if own is not None:
            return own
        t = m.prefs.cat.t
        lines: list[Line] = []
        st = v.standing
        if st is not None:
            said = t("declare.standing", name=m.name(st.seat)) + " "
            lines.append(Line((Words(said), self.cards(m, st.cards))))
        else:
            lines.append(words(t("declare.none_standing"), "seat--dim"))
        opts = m.declare_options()
        if not opts:  # (a small centre may leave it out: d says it)
            lines.append(self.optional(words(self.why_no_declaration(m), "seat--dim"), 1))
            return DeclareProps(True, tuple(lines))
        pieces: list[Piece] = [Words(t("declare.can") + " ")]
        for i, o in enumerate(opts):
            chip: list[Piece] = [Words(t("declare.option", n=i + 1)), self.cards(m, o)]
            kind = m.declare_kind(o)
            if kind != "declare":
                chip.append(Words(t("declare.kind", kind=t("declare." + kind))))
            if i:
                pieces.append(Words("  "))
            pieces.append(Group(tuple(chip), "card--cursor" if i == m.cursor.decl_index else ""))
        lines.append(Line(tuple(pieces)))
        if not m.prefs.compact:  # (the key bar says the keys)
            lines.append(key_hint(m, t("declare.keys")))
        if m.prefs.auto_declare:
            lines.append(self.optional(words(t("pace.auto_declare"), "seat--dim"), 1))
        return DeclareProps(True, tuple(lines))

    @staticmethod
    def why_no_declaration(m: Model) -> str:
        """Why the seat has nothing to declare now (the panel, and `d`'s toast)."""
        t = m.prefs.cat.t
        v = m.facts.view
        a = m.allowed
        if v is None or a is None:
            return t("pace.not_now")
        if not {"declare", "steal"} & a.kinds:
            return t(variant_class(v.rules).not_declaring)
        st = v.standing
        if st is not None and st.seat == m.facts.seat:
            key = "declare.yours"
        elif st is not None:
            key = "declare.cannot_beat"
        elif v.rules.decks >= 2 and v.rules.max_tuple >= 2:  # (one deck: no joker pair)
            key = "declare.cannot"
        else:
            key = "declare.cannot_no_joker_pair"
        return t(key, level=v.level)

    # ------------------------------------------------------------ hand
    def hand(self, m: Model) -> HandProps:
        v = m.facts.view
        empty = m.prefs.cat.t("hand.empty")
        if m.facts.spectating and (v is None or v.seat != m.facts.seat):  # no hand is shown
            empty = m.prefs.cat.t(
                "watch.no_hand_short" if m.prefs.compact else "watch.no_hand", n=m.players
            )
        if v is None or not m.facts.hand:
            return HandProps((), (), None, empty)
        groups = self.hand_groups(m)
        g = self.glyphs(m)
        sel = set(m.cursor.selected)
        marks = [""] * len(m.facts.hand)
        kitty_left = Counter(m.facts.kitty_new)
        show_new = v.phase == "dealing"
        for i, card in enumerate(m.facts.hand):
            if i in sel:
                marks[i] = g["sel"]
            elif kitty_left[card] > 0 or (show_new and card == m.facts.last_dealt):
                marks[i] = g["new"]
                show_new = show_new and card != m.facts.last_dealt
            if kitty_left[card] > 0:
                kitty_left[card] -= 1
        cursor = m.cursor.at if v.phase not in ("dealing", "declaring") else None
        return HandProps(groups, tuple(marks), cursor, empty)

    def hand_groups(self, m: Model) -> tuple[HandGroup, ...]:
        """The hand by effective suit (trumps last, in trump order): each group's
        header says the suit once, so its plain cards show their rank alone."""
        v = m.facts.view
        assert v is not None
        ct = m.prefs.ct
        key = (tuple(m.facts.hand), v.rules, m.ctx, ct, ct.ascii, m.prefs.cat.lang)
        if self._groups is not None and self._groups[0] == key:
            return self._groups[1]
        rs, ctx = v.rules, m.ctx
        order: list[tuple[str, list[int]]] = []
        for i, c in enumerate(m.facts.hand):
            label = rules.effective_suit(rs, ctx, c)
            if not order or order[-1][0] != label:
                order.append((label, []))
            order[-1][1].append(i)
        groups: list[HandGroup] = []
        for label, idxs in order:
            if label == "T":
                ts = m.trump_suit
                header = m.prefs.cat.t("hand.trump_header") + (
                    (":" if ct.ascii else "") + ct.suit(ts) if ts else ""
                )
            elif label in ("R", "B"):
                header = m.prefs.cat.t("hand.red" if label == "R" else "hand.black")
            else:
                header = ct.suit(Suit(label))
            cards: list[HandCard] = []
            for i in idxs:
                c = m.facts.hand[i]
                rank_only = c.suit is not None and (
                    label != "T"
                    or (
                        c.suit == m.trump_suit
                        and c.rank.value != v.level
                        and (rs.constant is None or c.rank != rs.constant)
                    )
                )
                chip = self.chip(m, c)
                cards.append(HandCard(i, c.rank.value if rank_only else chip.label, chip))
            groups.append(HandGroup(header, label == "T", tuple(cards)))
        out = tuple(groups)
        self._groups = (key, out)
        return out

    # ------------------------------------------------------------ scores
    def score(self, m: Model) -> ScoreProps:
        """The score line and bar: the variant's (the attackers' points and the
        bands ahead, or an auction's against the bid)."""
        if m.facts.view is None:
            return ScoreProps(words(m.prefs.cat.t("score.no_dealer")), Line(()), None)
        return self.variant(m).score(m)

    # ------------------------------------------------------------ last trick
    def last_trick(self, m: Model) -> LastTrickProps:
        v = m.facts.view
        t = m.prefs.cat.t
        if v is None or not v.last_trick:
            return LastTrickProps((words(t("last.none"), "seat--dim"),))
        # (the same trick until the next one is won: kept, by all it is made of)
        key = (self.look(m), v.last_trick, v.last_trick_winner, v.trick_no, v.rules, m.ctx)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        props = self._last_trick(m)
        self._last = (key, props)
        return props

    def _last_trick(self, m: Model) -> LastTrickProps:
        v = m.facts.view
        assert v is not None
        t = m.prefs.cat.t
        out = [words(t("last.title", n=v.trick_no), "bold")]
        lead = v.last_trick[0].cards
        for i, p in enumerate(v.last_trick):
            pieces: list[Piece] = [
                Words(t("last.who", name=m.name(p.seat))),
                self.cards(m, p.cards),
            ]
            verb = t("seat.led") if i == 0 else t("seat." + play_verb(m.rs, m.ctx, lead, p.cards))
            pieces.append(Words(f"  {verb}", "seat--dim"))
            if p.seat == v.last_trick_winner:
                won = f" {self.glyphs(m)['win']} {t('seat.won')}"
                pieces.append(Words(won, "seat--win"))
            out.append(Line(tuple(pieces)))
        if v.last_trick_winner is not None:
            pts = sum(rules.points(p.cards) for p in v.last_trick)
            key = "last.won" if pts else "last.won_nothing"
            out.append(words(t(key, name=m.name(v.last_trick_winner), n=pts), "seat--dim"))
        return LastTrickProps(tuple(out))

    # ------------------------------------------------------------ keys
    def keys(self, m: Model) -> KeyStates:
        """Which keys work now, from `engine.allowed(view)`: the hand's keys while
        the seat plays or buries (greyed while another seat does: keys that come
        and go would lay every player's screen out again at every turn), the
        declaration keys while it may declare or steal, the pacing keys."""
        a = m.allowed
        v = m.facts.view
        if a is None or v is None or m.facts.spectating:
            # a spectator: only what looks (the last trick, once cards are played)
            looks = v is not None and (bool(v.last_trick) or v.phase == "playing")
            hidden: tuple[tuple[str, bool | None], ...] = tuple(
                (k, looks if k == "last_trick" else False) for k in DYNAMIC_KEYS
            )
            return KeyStates(hidden, "keys.play", "keys.skip", "pace.hold_key")
        acting = bool(a.kinds & {"play", "bury"})
        grey: bool | None = None if a.waiting and a.awaited & {"play", "bury"} else False
        declaring = bool(a.kinds & {"declare", "steal"})
        scoring = "next_deal" in a
        if declaring:
            confirm: bool | None = False  # declaring takes d or a digit: a stray enter must not
        elif scoring or "call_friend" in a.kinds:  # (enter opens the calling dialog)
            confirm = True
        elif not acting:
            confirm = grey
        else:
            confirm = True if m.check().ok else None
        options: bool | None = (True if m.declare_options() else None) if declaring else False
        number: bool | None = bool(options) or bool(acting and m.listed_plays())
        states = (
            ("pass_steal", "pass_steal" in a),
            ("move", True if acting or declaring else grey),
            ("pick", True if acting else grey),
            ("confirm", confirm),
            ("declare", options),
            ("number", number),
            ("skip_deal", m.skip_command() is not None),
            ("suggest", True if acting else grey),
            ("next_deal", scoring),
            ("next_hand", declaring and m.facts.seating.hands_over),
            # while cards are played (the dialog says none was won yet), or once one was
            ("last_trick", bool(v.last_trick) or "play" in a.kinds | a.awaited),
            ("call_friend", "call_friend" in a.kinds),
            ("hold_deal", m.can_hold()),
            ("deal_step", m.can_step()),
            ("jump", True if acting else grey),
            ("suit_edge", True if acting else grey),
            ("toggle_unit", True if acting else grey),
        )
        if "bury" in a.kinds | a.awaited:
            label = "keys.bury"
        elif declaring and "steal" not in a:
            label = "keys.declare"
        elif scoring:
            label = "keys.next_deal"
        elif "call_friend" in a.kinds:
            label = "keys.call_friend"
        else:
            label = "keys.play"
        skip = "keys.skip_done" if a.closing else "keys.skip"
        hold = "pace.go_on_key" if m.facts.deal_held else "pace.hold_key"
        return KeyStates(states, label, skip, hold)

    # ------------------------------------------------------------ the deal's end
    @staticmethod
    def deal_over(m: Model) -> tuple[tuple[int, str], bool] | None:
        """While a deal's result is to be shown: (which deal and stage, whether the
        match is over), else None."""
        v = m.facts.view
        if v is None or v.phase not in ("scoring", "finished"):
            return None
        return (v.deal_no, v.phase), v.phase == "finished"

    def result(self, m: Model, final: bool) -> ResultProps:
        """The deal's end (or the match's), in the words `outcome.result_lines`
        gives every preset (the review's last step says the same)."""
        t = m.prefs.cat.t
        v = m.facts.view
        if v is None:
            return ResultProps(t("end.title", n=1), ())
        end = outcome.end_of_view(v, m.ctx)
        title = outcome.result_title(end, m.voice, final, v.winners or ())
        return ResultProps(title, tuple(outcome.result_lines(end, m.voice)))
