"""Starting a deal, dealing one card at a time, declaring, and closing the
declarations (docs/rules.md §6): who deals, which suit is trump, and the kitty
going to its taker.

Readings of the rules chosen here (docs/rules.md is silent on them):
- First deal: the seed picks which seat gets the first card; later deals
  start with the dealer (seed 002: 以后每次先给庄家发牌).
- Hidden declaring (four-deck): a declaration is checked only against the
  seat's own earlier one (reinforce / self-overturn rules), since the seat
  cannot see the others; when dealing ends the declarations are replayed in
  order and each one that would have been allowed openly overturns the
  standing one. The last standing one wins.
- `flip_kitty` (asked of `rules.flip_kitty`): the first kitty card's suit is
  trump, a joker means no-trump; on the first deal its count from the first
  seat dealt names the dealer.
- `no_trump` / `spades` on the first deal: the seat dealt first deals.
- `redeal`: the same deal number is shuffled again (a new attempt), same dealer.
"""

from __future__ import annotations

from ..rules import (
    Card,
    Declaration,
    RuleSet,
    parse_declaration,
    winning_declaration,
)
from ..rules import check_declaration as rules_check_declaration
from ..rules import close_declaring as rules_close_declaring
from .commands import DealAll, DealNext, Declare
from .errors import IllegalCards, NotInHand, WrongPhase
from .events import (
    CardDealt,
    DealerChosen,
    DealerReason,
    DealingDone,
    DealStarted,
    DeclarationsRevealed,
    Declared,
    Event,
    KittyFlipped,
    KittyTaken,
    Redealt,
    TrumpSet,
)
from .phases import require_phase
from .state import (
    GameState,
    SeatCards,
    check_supported,
    first_deal_seat,
    shuffled_pack,
    teams_for,
)

Step = tuple[GameState, list[Event]]


def new_game(rules: RuleSet | str, seed: int) -> GameState:
    """A match at its first deal (nothing dealt yet). `rules`: a RuleSet or a preset name.

    ValueError for a preset the engine does not play yet."""
    rs = RuleSet.preset(rules) if isinstance(rules, str) else rules
    check_supported(rs)
    n = rs.players
    level = rs.levels[0]
    base = GameState(
        rules=rs,
        seed=seed,
        teams=teams_for(rs),
        levels=(level,) * n,
        match_scores=(0,) * n,
        level=level,
        hands=((),) * n,
        captured=((),) * n,
    )
    state, events = start_deal(base, 0, 0, None, first_deal_seat(rs, seed))
    return state.model_copy(update={"log": tuple(events)})


def start_deal(
    state: GameState, deal_no: int, attempt: int, dealer: int | None, first_seat: int
) -> Step:
    """A fresh deal: shuffled pack, empty hands, nothing declared. `log` is cleared."""
    rs = state.rules
    n = rs.players
    pack = shuffled_pack(rs, state.seed, deal_no, attempt)
    dealt = rs.hand_size * n
    # no dealer yet (a first deal, an auction): the first seat's level until one is known
    level = state.levels[dealer if dealer is not None else first_seat]
    new = state.model_copy(
        update={
            "phase": "dealing",
            "deal_no": deal_no,
            "attempt": attempt,
            "dealer": dealer,
            "dealer_by_declaration": dealer is None,
            "first_seat": first_seat,
            "level": level,
            "dealer_side": state.side_of(dealer) if dealer is not None else (),
            "stock": tuple(pack[:dealt]),
            "hands": ((),) * n,
            "kitty": tuple(pack[dealt:]),
            "kitty_holder": None,
            "kitty_from_flip": False,
            "declarations": (),
            "standing": None,
            "trump_suit": None,
            "trump_set": False,
            "theft_turn": None,
            "theft_passes": 0,
            "auction": None,
            "bid": None,
            "shown_kitty": (),
            "kitty_swapped": False,
            "failed_throws": 0,
            "friend_calls": (),
            "friend": None,
            "turn": None,
            "trick": (),
            "trick_no": 0,
            "last_trick": (),
            "last_trick_winner": None,
            "captured": ((),) * n,
            "penalty_points": 0,
            "result": None,
            "attacker_points": None,
            "next_dealer": None,
            "log": (),
        }
    )
    ev = DealStarted(
        deal_no=deal_no, attempt=attempt, dealer=dealer, level=level, first_seat=first_seat
    )
    return new, [ev]


# ------------------------------------------------------------------ dealing


def deal_one(state: GameState) -> Step:
    card = state.stock[0]
    seat = (state.first_seat + state.cards_dealt) % state.players
    hands = list(state.hands)
    hands[seat] = (*hands[seat], card)
    stock = state.stock[1:]
    events: list[Event] = [CardDealt(seat=seat, card=card, left=len(stock))]
    update: dict[str, object] = {"stock": stock, "hands": tuple(hands)}
    if not stock:
        update["phase"] = "declaring"
        events.append(DealingDone())
    return state.model_copy(update=update), events


def deal_next(state: GameState, cmd: DealNext) -> Step:
    require_phase(state, "deal the next card", "dealing", "declaring")
    if state.phase == "dealing":
        return deal_one(state)
    return close_declaring(state)


def deal_all(state: GameState, cmd: DealAll) -> Step:
    require_phase(state, "deal the remaining cards", "dealing", "declaring")
    if state.phase == "declaring" and not cmd.close:
        raise WrongPhase(
            "every card is already dealt: close the declarations to go on",
            "牌已发完：请结束亮主",
        )
    events: list[Event] = []
    while state.phase == "dealing":
        state, evs = deal_one(state)
        events.extend(evs)
    if cmd.close:
        state, evs = close_declaring(state)
        events.extend(evs)
    return state, events


# ---------------------------------------------------------------- declaring


def parse_decl(state: GameState, cards: tuple[Card, ...]) -> Declaration:
    try:
        return parse_declaration(state.rules, state.level, list(cards))
    except ValueError as e:
        raise IllegalCards(str(e)) from None


def check_declaration(
    state: GameState, seat: int, cards: tuple[Card, ...], standing: SeatCards | None
) -> Declaration:
    """The declaration `seat` makes with `cards` against `standing`; RuleError if not allowed."""
    verdict = rules_check_declaration(
        state.rules,
        state.level,
        list(state.hands[seat]),
        list(cards),
        None if standing is None else list(standing.cards),
        standing is not None and standing.seat == seat,
    )
    if not verdict.ok:
        err = NotInHand if verdict.code == "not_in_hand" else IllegalCards
        raise err(verdict.reason, verdict.reason_zh)
    return parse_decl(state, cards)


def declare(state: GameState, cmd: Declare) -> Step:
    require_phase(state, "declare trump", "dealing", "declaring")
    hidden = state.rules.hidden_declaring
    if hidden:
        own = [d for d in state.declarations if d.seat == cmd.seat]
        standing = own[-1] if own else None
    else:
        standing = state.declarations[-1] if state.declarations else None
    check_declaration(state, cmd.seat, cmd.cards, standing)
    rec = SeatCards(seat=cmd.seat, cards=cmd.cards)
    new = state.model_copy(update={"declarations": (*state.declarations, rec)})
    return new, [Declared(seat=cmd.seat, cards=cmd.cards, hidden=hidden)]


def resolve(state: GameState) -> SeatCards | None:
    """The declaration standing when dealing ends (declarations replayed in order)."""
    i = winning_declaration(
        state.rules, state.level, [(d.seat, list(d.cards)) for d in state.declarations]
    )
    return None if i is None else state.declarations[i]


def choose_dealer(state: GameState, seat: int, reason: DealerReason) -> Step:
    new = state.model_copy(update={"dealer": seat, "dealer_side": state.side_of(seat)})
    return new, [DealerChosen(seat=seat, reason=reason)]


def take_kitty(state: GameState, seat: int) -> Step:
    hands = list(state.hands)
    hands[seat] = hands[seat] + state.kitty
    new = state.model_copy(
        update={"hands": tuple(hands), "kitty": (), "kitty_holder": seat, "phase": "burying"}
    )
    return new, [KittyTaken(seat=seat, count=len(state.kitty), cards=state.kitty)]


def close_declaring(state: GameState) -> Step:
    """Fix trump (and on the first deal the dealer); the dealer takes the kitty."""
    rs = state.rules
    events: list[Event] = []
    win = resolve(state)
    if rs.hidden_declaring and state.declarations:
        events.append(
            DeclarationsRevealed(
                seats=tuple(d.seat for d in state.declarations),
                cards=tuple(d.cards for d in state.declarations),
                standing=None if win is None else state.declarations.index(win),
            )
        )
    closed = rules_close_declaring(
        rs,
        state.level,
        None if win is None else (win.seat, win.cards),
        state.kitty,
        state.first_seat,
        state.dealer,
    )
    if closed.redeal:
        state, evs = start_deal(
            state, state.deal_no, state.attempt + 1, state.dealer, state.first_seat
        )
        return state, [Redealt(), *evs]
    suit = closed.trump_suit
    if win is not None:
        state = state.model_copy(update={"standing": win})
    elif closed.flip is not None:
        events.append(KittyFlipped(cards=state.kitty))
        state = state.model_copy(update={"kitty_from_flip": True})
    if closed.dealer_named:
        assert closed.dealer is not None
        why: DealerReason = (
            "declaration" if win is not None else "flip" if closed.flip else "first_seat"
        )
        state, evs = choose_dealer(state, closed.dealer, why)
        events.extend(evs)
    if win is not None:
        events.append(
            TrumpSet(level=state.level, trump_suit=suit, seat=win.seat, reason="declaration")
        )
    else:
        reason = "flip" if closed.flip else "spades" if suit is not None else "no_trump"
        events.append(TrumpSet(level=state.level, trump_suit=suit, reason=reason))
    state = state.model_copy(update={"trump_suit": suit, "trump_set": True})
    assert state.dealer is not None
    state, evs = take_kitty(state, state.dealer)
    return state, events + evs
