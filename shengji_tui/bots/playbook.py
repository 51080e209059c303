"""`PlaybookBot` (level "normal"): a rule-based player with full card tracking.

Every decision a seat makes goes through `decide(view)`:
- declaring (while cards are dealt and in the declaring window): a pair of
  level cards early when the suit is decent, a single only with a long strong
  suit, reinforce (lock) its own declaration, overturn when the hand is much
  better in the new suit;
- burying: keep trumps, level cards, jokers, pairs, tractors and boss cards;
  void short side suits; bury point cards only when the kitty looks safe;
- kitty theft (where the preset has it) and three players' overturn: steal
  (overturn) when the new suit is clearly better;
- auctions (bidding.py): bid while the next bid is within the hand's estimate
  less `bid_margin`; name the trump with the best estimate;
- calling (find friends): a boss card it lacks a copy of (`friends.call_options`);
  until the reveal it counts as partners only the seats it knows are
  (`friends.known_partners`), and the dealer leads towards its friend;
- playing: each candidate play is scored by the points it is expected to win
  or lose (with the chance that the players still to come beat it, from the
  tracker's possible holdings), the lead it keeps, and the value of the cards
  it spends (trumps, boss cards, pairs). Leads favour boss cards, tuples and
  tractors, throws that cannot fail, partner ruffs and (for the dealer side
  with many trumps) drawing trumps. Near the end, the dealer side keeps its
  strongest trumps and the attackers their trump pairs for the last trick.

`candidates(view)` returns the scored plays best first; the search bot
(`search.py`) explores the best few of them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import islice

from .. import rules
from ..engine import (
    Bury,
    CallFriend,
    Command,
    Declare,
    PassSteal,
    Play,
    SeatView,
    Steal,
    declare_options,
)
from ..rules import Card, RuleSet, Suit, TrumpContext, points
from .base import side_of
from .bidding import choose_bid, choose_trump
from .friends import best_call, known_partners, lead_bonus
from .plain import plain_mistake
from .random_bot import throws_allowed
from .sense import TRUMP, Sense
from .tracker import Tracker

FOLLOW_CAP = 160  # legal follows examined (in-suit, multi-card leads)
LEAD_BONUS = 2.0  # value of winning the lead
PTS_W = 1.0


# ------------------------------------------------------------------ hand value


def trump_value(rs: RuleSet, level: str, suit: object, hand: Sequence[Card]) -> float:
    """How good `hand` is with `suit` as trump (None: no-trump), per card held."""
    if not hand:
        return 0.0
    sn = Sense(rs, TrumpContext(level, suit))  # type: ignore[arg-type]
    v = 0.0
    trumps = [c for c in hand if sn.is_trump(c)]
    for c in trumps:
        v += 1.0 + 1.2 * sn.rel(c)
    ids = sn.ident_counts(trumps)
    v += sum(0.8 * (k - 1) for k in ids.values() if k >= 2)
    side = sn.by_suit(c for c in hand if not sn.is_trump(c))
    for cards in side.values():
        top = sn.npos[sn.suit(cards[0])] - 1
        v += sum(0.5 for c in cards if sn.pos[c.idx] == top)
    return v / len(hand)


def trump_share(rs: RuleSet, level: str, suit: object, hand: Sequence[Card]) -> float:
    if not hand:
        return 0.0
    sn = Sense(rs, TrumpContext(level, suit))  # type: ignore[arg-type]
    return sum(1 for c in hand if sn.is_trump(c)) / len(hand)


def declared_suit(rs: RuleSet, level: str, cards: Sequence[Card]) -> Suit | None:
    return rules.parse_declaration(rs, level, list(cards)).trump_suit


def _clearly_better(view: SeatView, opts: Iterable[list[Card]]) -> list[Card] | None:
    """Of `opts` (declarations that would change the trump: stealing the kitty,
    overturning), the best for my hand if clearly better than the standing trump
    (+0.2 in value, 30% of my cards trumps), else None."""
    return clearly_better(view.rules, view.level, view.trump_suit, list(view.hand), opts)


def clearly_better(
    rs: RuleSet, level: str, trump: Suit | None, hand: list[Card], opts: Iterable[list[Card]]
) -> list[Card] | None:
    """`_clearly_better` for `hand` against the standing `trump` (no view: a
    sampled hand's, as the coach plays a theft or overturn round out)."""
    base = trump_value(rs, level, trump, hand)
    best: tuple[float, list[Card]] | None = None
    for cards in opts:
        suit = declared_suit(rs, level, cards)
        val = trump_value(rs, level, suit, hand)
        good = val >= base + 0.2 and trump_share(rs, level, suit, hand) >= 0.3
        if good and (best is None or val > best[0]):
            best = (val, cards)
    return None if best is None else best[1]


def pick_declaration(
    rs: RuleSet,
    level: str,
    hand: list[Card],
    standing: tuple[int, list[Card]] | None,
    partner: bool,
    seat: int,
    grab: float = 0.0,
) -> list[Card] | None:
    """The playbook's declaration for `seat` holding `hand` (None: none now)
    against `standing` (its seat and cards; `partner`: made by my side), the
    trump shares it needs lowered by `grab` (the first deal's)."""
    st_cards = None if standing is None else standing[1]
    mine = standing is not None and standing[0] == seat
    opts = rules.valid_declarations(rs, level, hand, st_cards, mine)
    if not opts:
        return None
    total = rs.hand_size
    frac = len(hand) / total
    st_suit = None if st_cards is None else declared_suit(rs, level, st_cards)
    g = grab
    best: tuple[float, list[Card]] | None = None
    for cards in opts:
        suit = declared_suit(rs, level, cards)
        share = trump_share(rs, level, suit, hand)
        val = trump_value(rs, level, suit, hand)
        k = len(cards)
        if st_cards is not None and mine:
            # reinforce (lock) my own suit; overturning myself needs a much better suit
            if suit == st_suit and k > len(st_cards):
                return cards
            base = trump_value(rs, level, st_suit, hand)
            if val < base + 0.35:
                continue
        elif st_cards is not None:
            base = trump_value(rs, level, st_suit, hand)
            margin = 0.45 if partner else 0.12
            if val < base + margin or share < 0.28 - (0.0 if partner else g):
                continue
        else:
            if suit is None:  # no-trump from a joker pair: only with a strong hand
                if val < 0.55 or frac < 0.5:
                    continue
            elif k >= 2:
                if len(hand) < 4 or share < 0.28 - g:
                    continue
            else:
                strong = share >= 0.42 - g and len(hand) >= 6
                late = frac >= 0.8 and share >= 0.34 - g
                if not (strong or late):
                    continue
        score = val + 0.05 * k
        if best is None or score > best[0]:
            best = (score, cards)
    return None if best is None else best[1]


# ------------------------------------------------------------------ situation


@dataclass
class Situation:
    """One play decision: the view, the tracker and derived facts."""

    view: SeatView
    tr: Tracker
    sn: Sense
    me: int
    hand: list[Card]
    mine: set[int]  # my side's seats
    dealer_side: bool
    possible: dict[int, Counter[Card]]
    pool_size: dict[int, int]
    top_unseen: dict[int, int]  # highest unseen position per suit (-1: none)
    idcount: Counter[int]
    order: list[int]  # seats in this trick's order (leader first)
    tricks_left: int
    trump_frac: float  # my trumps / (mine + unseen trumps)

    @property
    def trick(self) -> list[list[Card]]:
        return [list(p.cards) for p in self.view.trick]


class PlaybookBot:
    """The "normal" bot: a playbook over full card tracking."""

    level = "normal"
    bid_margin = 5.0  # points kept in hand below the estimate when bidding (bidding.py)
    # the first deal (抢庄: the declaration that stands makes the dealer): the
    # trump shares a declaration needs are this much lower (docs/bots.md)
    grab = 0.0
    # plain mistakes (plain.py) after every other play; the hard bot's search
    # chooses one only when sure (`SearchBot.plain_guard`)
    avoid_plain = True

    def __init__(self, seed: int = 0, name: str = "normal") -> None:
        self.seed = seed
        self.name = name
        self._tracker: Tracker | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r}, name={self.name!r})"

    def rng(self, view: SeatView, salt: str = "") -> random.Random:
        return random.Random(f"{self.level}/{self.seed}/{view.seat}/{view.version}/{salt}")

    def tracker(self, view: SeatView) -> Tracker:
        tr = self._tracker
        if tr is None or not tr.matches(view):
            tr = Tracker(view)
        else:
            tr.update(view)
        self._tracker = tr
        return tr

    def bid(self, view: SeatView) -> Command:
        """A bid or a pass in an auction (bidding.py)."""
        return choose_bid(view, self.bid_margin)

    # ------------------------------------------------------------ protocol
    def decide(self, view: SeatView) -> Command | None:
        phase = view.phase
        if phase in ("dealing", "declaring"):
            if view.rules.bidding != "none":
                return None  # an auction preset: nobody declares
            cards = self.declaration(view)
            return None if cards is None else Declare(seat=view.seat, cards=tuple(cards))
        if view.awaiting != view.seat:
            return None
        if phase == "bidding":
            return self.bid(view)
        if phase == "naming_trump":
            return choose_trump(view)
        if phase == "burying":
            return Bury(seat=view.seat, cards=tuple(self.bury(view)))
        if phase in ("kitty_theft", "overturning"):
            cards = self.steal(view) if phase == "kitty_theft" else self.overturn(view)
            if cards is None:
                return PassSteal(seat=view.seat)
            return Steal(seat=view.seat, cards=tuple(cards))
        if phase == "calling":
            return self.call(view)
        if phase == "playing":
            return Play(seat=view.seat, cards=tuple(self.play(view)))
        return None

    # ------------------------------------------------------------ declaring
    def options(self, view: SeatView) -> list[list[Card]]:
        return declare_options(view)

    def declaration(self, view: SeatView) -> list[Card] | None:
        return self.declaration_at(view, self.grab if view.dealer is None else 0.0)

    def declaration_at(self, view: SeatView, grab: float) -> list[Card] | None:
        """The declaration the playbook makes with the trump shares it needs
        lowered by `grab`."""
        st = view.standing
        return pick_declaration(
            view.rules,
            view.level,
            list(view.hand),
            None if st is None else (st.seat, list(st.cards)),
            st is not None and st.seat in side_of(view, view.seat),
            view.seat,
            grab,
        )

    def steal(self, view: SeatView) -> list[Card] | None:
        if view.standing is None:
            return None
        return _clearly_better(view, self.options(view))

    def overturn(self, view: SeatView) -> list[Card] | None:
        """Three players' 反牌: overturn when my suit is clearly better for me than
        the standing trump (the same test as stealing the kitty)."""
        return _clearly_better(view, declare_options(view))

    # ------------------------------------------------------------- calling
    def call(self, view: SeatView) -> CallFriend:
        return best_call(view)

    # ------------------------------------------------------------- burying
    def bury(self, view: SeatView) -> list[Card]:
        return self.bury_options(view)[0][1]

    def bury_options(self, view: SeatView) -> list[tuple[float, list[Card]]]:
        """Scored buries, best first, one per set of side suits voided (and the
        best one with its point cards swapped for the cheapest pointless ones)."""
        rs = view.rules
        sn = Sense(rs, TrumpContext(view.level, view.trump_suit))
        hand = list(view.hand)
        k = view.bury_count
        trumps = [c for c in hand if sn.is_trump(c)]
        side = sn.by_suit(c for c in hand if not sn.is_trump(c))
        ids = sn.ident_counts(hand)
        total_trumps = sum(1 for c in rules.full_deck(rs.decks) if sn.is_trump(c))
        # how safe the kitty is: my share of the trumps and the top trumps
        safety = len(trumps) / max(1, total_trumps) * 2.2
        safety += 0.1 * sum(1 for c in trumps if sn.rel(c) > 0.9)
        safety = min(1.0, safety)
        if rs.bidding == "points_up":
            safety = 0.0  # eighty points: a buried point is lost to the dealer's own score

        def keep(c: Card) -> float:
            v = 1.5 * sn.rel(c)
            if sn.is_trump(c):
                v += 10.0
            if ids[sn.ident[c.idx]] >= 2:
                v += 3.0
            if sn.pos[c.idx] == sn.npos[sn.suit(c)] - 1:
                v += 3.0  # the suit's top card
            v += c.points * 0.35 * (1.4 - safety)
            return v

        # try voiding each set of short side suits; fill the rest with the cheapest cards
        suits = sorted(side)
        out: list[tuple[float, list[Card]]] = []
        for mask in range(1 << len(suits)):
            chosen = [suits[i] for i in range(len(suits)) if mask >> i & 1]
            voided = [c for s in chosen for c in side[s]]
            if len(voided) > k:
                continue
            rest = sorted(hand, key=lambda c: (keep(c), c.idx))
            pick = list(voided)
            left = Counter(hand) - Counter(voided)
            for c in rest:
                if len(pick) >= k:
                    break
                if left[c] > 0:
                    pick.append(c)
                    left[c] -= 1
            cost = sum(keep(c) for c in pick)
            gain = 2.5 * len(chosen) if len(trumps) >= 4 else 0.5 * len(chosen)
            out.append((gain - cost, pick[:k]))
        out.sort(key=lambda sp: -sp[0])  # (stable: ties keep the mask order)
        best = out[0][1]
        if any(c.points for c in best):  # the same without its point cards
            left = Counter(hand) - Counter(best)
            keepers = [c for c in best if not c.points]
            spare = sorted(
                (c for c in left.elements() if not c.points and not sn.is_trump(c)),
                key=lambda c: (keep(c), c.idx),
            )
            if len(keepers) + len(spare) >= k:
                alt = keepers + spare[: k - len(keepers)]
                out.insert(1, (out[0][0] - sum(keep(c) for c in alt), alt))
        seen: set[tuple[int, ...]] = set()
        unique = []
        for sc, pick in out:
            key = tuple(sorted(c.idx for c in pick))
            if key not in seen:
                seen.add(key)
                unique.append((sc, pick))
        return unique

    # ------------------------------------------------------------- playing
    def situation(self, view: SeatView) -> Situation:
        tr = self.tracker(view)
        sn = tr.sense
        me = view.seat
        n = view.rules.players
        mine = set(known_partners(view, tr, side_of(view, me)))
        possible = {s: tr.possible(s) for s in range(n) if s != me}
        pool_size = {s: max(1, sum(c.values())) for s, c in possible.items()}
        top: dict[int, int] = {}
        for c in tr.unseen:
            e = sn.eff[c.idx]
            p = sn.pos[c.idx]
            if p > top.get(e, -1):
                top[e] = p
        hand = list(view.hand)
        lead_seat = view.trick[0].seat if view.trick else me
        order = [(lead_seat + k) % n for k in range(n)]
        my_trumps = sum(1 for c in hand if sn.is_trump(c))
        unseen_trumps = sum(k for c, k in tr.unseen.items() if sn.is_trump(c))
        return Situation(
            view=view,
            tr=tr,
            sn=sn,
            me=me,
            hand=hand,
            mine=mine,
            dealer_side=me in view.dealer_side,
            possible=possible,
            pool_size=pool_size,
            top_unseen=top,
            idcount=sn.ident_counts(hand),
            order=order,
            tricks_left=len(hand),
            trump_frac=my_trumps / max(1, my_trumps + unseen_trumps),
        )

    def play(self, view: SeatView) -> list[Card]:
        cands = self.candidates(view)
        return cands[0][1]

    def candidates(self, view: SeatView) -> list[tuple[float, list[Card]]]:
        """Scored plays, best first (ties broken by card order, deterministic);
        plain mistakes (`plain.py`) after every other play."""
        sit = self.situation(view)
        scored = self.follow_candidates(sit) if view.trick else self.lead_candidates(sit)
        scored.sort(key=lambda sc: (-sc[0], [c.idx for c in sc[1]]))
        return self.plain_last(view, scored)

    def plain_last(
        self, view: SeatView, scored: list[tuple[float, list[Card]]]
    ) -> list[tuple[float, list[Card]]]:
        """`scored` with the plain mistakes moved after the other plays (in
        their order), when it has other plays: points given to a trick an
        opponent still to play can ruff while a play with fewer points is
        among them, a tuple with points led into a higher one that is out."""
        if len(scored) < 2 or not self.avoid_plain:
            return scored
        tr = self.tracker(view)
        fewest = min(points(p) for _, p in scored) if view.trick else 0
        bad = [plain_mistake(view, tr, p, fewest) is not None for _, p in scored]
        if not bad[0] or all(bad):
            return scored
        return [sc for sc, b in zip(scored, bad, strict=True) if not b] + [
            sc for sc, b in zip(scored, bad, strict=True) if b
        ]

    # ---------------------------------------------------------- valuation
    def keep_value(self, sit: Situation, c: Card) -> float:
        sn = sit.sn
        i = c.idx
        e = sn.eff[i]
        end = sit.tricks_left <= 6
        if e == TRUMP:
            v = 2.0 + 5.0 * sn.rel(c)
            if end and sit.dealer_side:
                v *= 1.4
        else:
            v = 1.2 * sn.rel(c)
            if sn.pos[i] >= sit.top_unseen.get(e, -1):
                v += 2.0
        if sit.idcount[sn.ident[i]] >= 2:
            v += 1.0
            if end and e == TRUMP and not sit.dealer_side:
                v += 2.0
        return v

    def cost(self, sit: Situation, play: Sequence[Card]) -> float:
        sn = sit.sn
        v = sum(self.keep_value(sit, c) for c in play)
        used = sn.ident_counts(play)
        for ident, k in used.items():
            have = sit.idcount[ident]
            if 0 < k < have:
                v += 1.0  # breaks a tuple
        # emptying a side suit (while holding trumps) is worth something
        left = Counter(sit.hand) - Counter(play)
        if any(sn.is_trump(c) for c in left):
            suits_before = {sn.eff[c.idx] for c in sit.hand if not sn.is_trump(c)}
            suits_after = {sn.eff[c.idx] for c in left.elements() if not sn.is_trump(c)}
            v -= 0.6 * len(suits_before - suits_after)
        return v

    def beat_prob(self, sit: Situation, o: int, plays: list[list[Card]], w: int) -> float:
        """Chance that seat `o` (still to play) beats play `w` of `plays`."""
        sn = sit.sn
        tr = sit.tr
        lead = plays[0]
        suit = sn.eff[lead[0].idx]
        win = plays[w]
        held = sit.possible[o]
        h = sit.view.hand_sizes[o]
        if h == 0:
            return 0.0
        frac = min(1.0, h / sit.pool_size[o])
        n = len(lead)
        void = tr.is_void(o, suit)
        if n == 1:
            wc = win[0]
            beats_card = sn.order.beats_card
            if not void:  # following: only a higher card of the suit (never over a ruff)
                if sn.eff[wc.idx] != suit:
                    return 0.0
                m = sum(
                    k
                    for c, k in held.items()
                    if sn.eff[c.idx] == suit and beats_card(lead[0], wc, c)
                )
                return 1.0 - (1.0 - frac) ** m
            if suit == TRUMP:
                return 0.0
            m = sum(
                k for c, k in held.items() if sn.eff[c.idx] == TRUMP and beats_card(lead[0], wc, c)
            )
            return 1.0 - (1.0 - frac) ** m
        if not void:
            hypo = sn.strongest_play(held, suit, lead)
            if hypo is not None and sn.winner([*plays, hypo]) == len(plays):
                return 0.45
            return 0.0
        if suit == TRUMP:
            return 0.0
        hypo = sn.strongest_play(held, TRUMP, lead)
        if hypo is not None and sn.winner([*plays, hypo]) == len(plays):
            return 0.6
        return 0.0

    def side_win_prob(self, sit: Situation, plays: list[list[Card]]) -> float:
        """Chance my side takes the trick once `plays` (mine last) are down."""
        w = sit.sn.winner(plays)
        k = len(plays)
        after = sit.order[k:]
        winner_seat = sit.order[w]
        if winner_seat in sit.mine:
            p = 1.0
            for o in after:
                if o not in sit.mine:
                    p *= 1.0 - self.beat_prob(sit, o, plays, w)
            return p
        p = 0.0
        for i, o in enumerate(after):
            if o in sit.mine:
                b = self.beat_prob(sit, o, plays, w)
                rest = [x for x in after[i + 1 :] if x not in sit.mine]
                p = max(p, b * (0.6 if rest else 1.0))
        return p

    def kitty_estimate(self, sit: Situation) -> float:
        if sit.view.rules.bidding == "points_up":
            return 0.0  # eighty points: the kitty counts for nobody
        tr = sit.tr
        if tr.my_kitty:
            return float(points(tr.my_kitty.elements()))
        kn = tr.kitty_unknown()
        total = sum(tr.unseen.values())
        if kn <= 0 or total <= 0:
            return 0.0
        return points(tr.unseen.elements()) * kn / total

    def trick_stake(self, sit: Situation, plays: list[list[Card]]) -> float:
        """Points at stake in the trick (plus the kitty when it decides the last lead)."""
        t = float(sum(points(p) for p in plays))
        n_after = len(sit.order) - len(plays)
        t += 2.0 * n_after  # players still to come add a few points on average
        units_left = sit.tricks_left - len(plays[0])
        if 0 < units_left <= len(plays[0]) + 1:
            t += self.kitty_estimate(sit) * 2
        return t

    # --------------------------------------------------------------- leads
    def lead_candidates(self, sit: Situation) -> list[tuple[float, list[Card]]]:
        sn = sit.sn
        hand = sit.hand
        seen: set[tuple[int, ...]] = set()
        out: list[tuple[float, list[Card]]] = []

        def add(cards: list[Card], bonus: float = 0.0) -> None:
            key = tuple(sorted(c.idx for c in cards))
            if key in seen:
                return
            seen.add(key)
            out.append((self.score_lead(sit, cards) + bonus, cards))

        by_suit = sn.by_suit(hand)
        others = [s for s in range(sit.view.rules.players) if s != sit.me]
        throws_ok = throws_allowed(sit.view)
        for suit, cards in sorted(by_suit.items()):
            units = sn.decompose(cards)
            for u in units:
                add(list(u.cards))
            add([cards[0]])
            add([cards[-1]])
            if not throws_ok or len(units) < 2:
                continue
            cols_list = [
                sn.cols([c for c in sit.possible[o].elements() if sn.eff[c.idx] == suit])
                for o in others
            ]
            boss = [u for u in units if not sn.order.unit_beaten(cols_list, u)]
            if len(boss) >= 2:
                throw = [c for u in boss for c in u.cards]
                hands = [list(sit.possible[o].elements()) for o in others]
                if rules.check_throw(sit.view.rules, sn.ctx, throw, hands).ok:
                    add(throw, bonus=1.0 + 0.5 * len(throw))
        return out

    def score_lead(self, sit: Situation, lead: list[Card]) -> float:
        sn = sit.sn
        plays = [lead]
        p_opp = 1.0
        partner_b = 0.0
        for o in sit.order[1:]:
            b = self.beat_prob(sit, o, plays, 0)
            if o in sit.mine:
                partner_b = max(partner_b, b)
            else:
                p_opp *= 1.0 - b
        p = p_opp + (1.0 - p_opp) * partner_b * 0.5
        # each follower adds as many cards as are led: a pair draws twice the points
        stake = points(lead) + 2.0 * len(lead) * (len(sit.order) - 1)
        units_left = sit.tricks_left - len(lead)
        if 0 < units_left <= len(lead) + 1:
            stake += self.kitty_estimate(sit) * 2
        score = (2 * p - 1) * stake * PTS_W + p * LEAD_BONUS - self.cost(sit, lead)
        units = sn.decompose(lead)
        multi = sum(u.size for u in units if u.width > 1)
        score += 0.8 * multi
        score += lead_bonus(sit.view, sn, sit.hand, lead)
        suit = sn.eff[lead[0].idx]
        if suit == TRUMP:
            if sit.dealer_side and sit.trump_frac >= 0.34:
                score += 2.0
            elif p < 0.8:
                score -= 2.0
        else:
            n_suit = sum(1 for c in sit.hand if sn.eff[c.idx] == suit)
            if n_suit <= 2 and p < 0.5:
                score += 0.6
        return score

    # ------------------------------------------------------------- follows
    def follow_candidates(self, sit: Situation) -> list[tuple[float, list[Card]]]:
        sn = sit.sn
        rs = sit.view.rules
        trick = sit.trick
        lead = trick[0]
        n = len(lead)
        suit = sn.eff[lead[0].idx]
        hand = sit.hand
        in_suit = [c for c in hand if sn.eff[c.idx] == suit]
        k = len(in_suit)
        cands: list[list[Card]] = []
        if k >= n:
            cands = list(islice(rules.legal_follows(rs, sn.ctx, hand, lead), FOLLOW_CAP))
        else:
            rest = [c for c in hand if sn.eff[c.idx] != suit]
            need = n - k
            vals = {c: self.keep_value(sit, c) for c in rest}
            low = sorted(rest, key=lambda c: (vals[c] + 0.15 * c.points, c.idx))
            cands.append(in_suit + low[:need])
            pts = sorted(rest, key=lambda c: (-c.points, vals[c], c.idx))
            cands.append(in_suit + pts[:need])
            nontrump_low = [c for c in low if not sn.is_trump(c)]
            if len(nontrump_low) >= need:
                cands.append(in_suit + nontrump_low[:need])
            # the cheapest cards counting their points in full (for a trick that
            # is lost: a low trump or a boss card rather than a ten), and the
            # cheapest without points
            dear = sorted(rest, key=lambda c: (vals[c] + c.points, c.idx))
            cands.append(in_suit + dear[:need])
            pointless = [c for c in low if not c.points]
            if len(pointless) >= need:
                cands.append(in_suit + pointless[:need])
            if n == 1:  # a single: every distinct card is a candidate (cheap)
                cands.extend([c] for c in sorted(set(rest), key=lambda c: c.idx))
            if k == 0 and suit != TRUMP:
                cands.extend(self.ruffs(sit, lead))
        seen: set[tuple[int, ...]] = set()
        out: list[tuple[float, list[Card]]] = []
        for play in cands:
            key = tuple(sorted(c.idx for c in play))
            if key in seen or len(play) != n:
                continue
            seen.add(key)
            if k < n and not rules.check_follow(rs, sn.ctx, hand, lead, play).ok:
                continue
            out.append((self.score_follow(sit, trick, play), play))
        if not out:  # cannot happen with a correct rules module
            play = next(iter(rules.legal_follows(rs, sn.ctx, hand, lead)))
            out.append((0.0, play))
        return out

    def ruffs(self, sit: Situation, lead: list[Card]) -> list[list[Card]]:
        sn = sit.sn
        trumps = [c for c in sit.hand if sn.is_trump(c)]
        n = len(lead)
        if len(trumps) < n:
            return []
        if n == 1:
            return [[c] for c in sorted(set(trumps), key=lambda c: (sn.pos[c.idx], c.idx))]
        out: list[list[Card]] = []
        strong = sn.strongest_play(Counter(trumps), TRUMP, lead)
        if strong is not None:
            out.append(strong)
        low = self._lowest_structure(sit, trumps, lead)
        if low is not None:
            out.append(low)
        if len(lead) == 2 and len(sn.decompose(lead)) == 1:
            ids = sn.ident_counts(trumps)
            for c in sorted(set(trumps), key=lambda c: sn.pos[c.idx]):
                if ids[sn.ident[c.idx]] >= 2:
                    same = [x for x in trumps if sn.ident[x.idx] == sn.ident[c.idx]][:2]
                    out.append(same)
        return out

    def _lowest_structure(
        self, sit: Situation, cards: list[Card], lead: list[Card]
    ) -> list[Card] | None:
        sn = sit.sn
        shapes = sn.lead_shapes(lead)
        cols = sn.cols(cards)
        out = sn.order.pack(cols, shapes)
        if out is None:
            return None
        rest = sorted(
            (c for d in cols.values() for cs in d.values() for c in cs),
            key=lambda c: (self.keep_value(sit, c), c.idx),
        )
        out.extend(rest[: len(lead) - len(out)])
        return out if len(out) == len(lead) else None

    def score_follow(self, sit: Situation, trick: list[list[Card]], play: list[Card]) -> float:
        plays = [*trick, play]
        p = self.side_win_prob(sit, plays)
        stake = self.trick_stake(sit, plays)
        score = (2 * p - 1) * stake * PTS_W + p * LEAD_BONUS - self.cost(sit, play)
        return score - self.overtake_cost(sit, trick, play, plays)

    def overtake_cost(
        self, sit: Situation, trick: list[list[Card]], play: list[Card], plays: list[list[Card]]
    ) -> float:
        """What ruffing a trick my partner is winning costs beyond the cards: the
        trumps spent buy only the chance the partner would have lost it, and the
        trump points it banks were hardly at risk in my hand (my side keeps trump
        control and would win most of them later)."""
        sn = sit.sn
        w = sn.winner(trick)
        if sit.order[w] not in sit.mine or sit.order[w] == sit.me:
            return 0.0
        if sn.eff[trick[0][0].idx] == TRUMP or sn.winner(plays) != len(trick):
            return 0.0
        trumps = [c for c in play if sn.eff[c.idx] == TRUMP]
        if not trumps:
            return 0.0
        stands = 1.0  # chance the partner's play takes the trick without mine
        for o in sit.order[len(plays) :]:
            if o not in sit.mine:
                stands *= 1.0 - self.beat_prob(sit, o, trick, w)
        spent = sum(self.keep_value(sit, c) for c in trumps)
        return stands * (spent + 0.7 * points(trumps))
