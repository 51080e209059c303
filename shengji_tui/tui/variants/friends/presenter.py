"""Find friends (docs/rules.md §10) as the table shows it: each seat's side as far
as the viewer may know it, the call in words, the reveal, the attackers'
points among the seats known to attack, the levels of every seat, and the
deal's split.

Pure: a `SeatView` (and the model's words and names) in, text and props
pieces out; no Textual. Every side is the engine's answer for the view's seat
(`engine.known_sides`, which asks `rules.friend_sides`): the revealed sides,
and before the reveal only what the seat can prove from its hand, the kitty
it buried and the play (a holder of the called card sitting first after the
dealer, or holding every copy, knows it is the friend; a holder further on
only that it may be; a seat with no copy that it attacks), so nothing here
can tell a seat more than that.
"""

from __future__ import annotations

from collections.abc import Callable

from .... import rules
from ....engine import FriendCall, FriendRevealed, SeatView, TrickWon, known_sides
from ....rules import Card, FriendSide
from ....text import CardText, Catalogue
from ...model import Model
from ...props import Line, Words

Side = FriendSide


def finds_friends(v: SeatView | None) -> bool:
    return v is not None and v.rules.partnership == "find_friends"


def the_call(v: SeatView | None) -> FriendCall | None:
    return v.friend_calls[0] if v is not None and v.friend_calls else None


def copies_in_sight(v: SeatView, card: Card) -> tuple[int, int]:
    """(copies of `card` in the seat's hand, copies in the kitty it buried)."""
    return copies_held(v, card), sum(1 for c in v.kitty or () if c == card)


def copies_held(v: SeatView, card: Card) -> int:
    """Copies of `card` in the viewer's hand."""
    return sum(1 for c in v.hand if c == card)


def alone_known(v: SeatView) -> bool:
    """The viewer can prove the dealer plays alone before anyone is told: no
    other seat can be (or become) the friend."""
    call = the_call(v)
    if call is None or call.revealed or v.result is not None:
        return False
    sides = known_sides(v)
    return all(x == "attacker" for s, x in enumerate(sides) if s != v.dealer)


def side_of(v: SeatView, seat: int) -> Side:
    """`seat`'s side as the viewer of `v` may know it (see the module doc)."""
    return known_sides(v)[seat]


def revealed(v: SeatView | None) -> bool:
    call = the_call(v)
    return call is not None and call.revealed


def friend_of(v: SeatView) -> int | None:
    """The friend as the viewer knows it: revealed, or proven from what it saw."""
    call = the_call(v)
    if call is None:
        return None
    if call.friend is not None:
        return call.friend
    return next((s for s, x in enumerate(known_sides(v)) if x == "friend"), None)


def known_attackers(v: SeatView) -> list[int]:
    return [s for s in range(v.rules.players) if side_of(v, s) == "attacker"]


def attacker_points(v: SeatView) -> tuple[int, bool]:
    """The attackers' points among the seats known to attack, and whether that is
    provisional (some seat's side is not known yet)."""
    if v.attacker_points is not None:
        return v.attacker_points, False
    sides = known_sides(v)
    seats = [s for s, x in enumerate(sides) if x == "attacker"]
    pts = sum(v.points_by_seat[s] for s in seats)
    provisional = the_call(v) is None or "unknown" in sides
    if v.friend_calls and not provisional:
        pts += v.penalty_points
    return pts, provisional


# ------------------------------------------------------------ words


def copy_words(cat: Catalogue, ct: CardText, rs: rules.RuleSet, card: Card, nth: int) -> str:
    """The called card: "A♥" under `holder`, "the 2nd A♥" under `nth_played`."""
    label = ct.card(card)
    if rs.friend_rule == "holder":
        return label
    key = f"friend.ord_{nth}" if cat.has(f"friend.ord_{nth}") else "friend.ord_n"
    return cat.t("friend.copy", ord=cat.t(key, n=nth), card=label)


def copy_text(m: Model, card: Card, nth: int) -> str:
    v = m.facts.view
    if v is None:
        return m.prefs.ct.card(card)
    return copy_words(m.prefs.cat, m.prefs.ct, v.rules, card, nth)


def seat_roles(m: Model, seat: int) -> list[str]:
    """The words for `seat`'s side in its panel (or the viewer's own line): "?"
    until the viewer knows it; the dealer's word is the panel's own."""
    v = m.facts.view
    assert v is not None
    side = side_of(v, seat)
    if side == "dealer":
        return []
    t = m.prefs.cat.t
    if seat == m.me:
        if side == "friend" and not revealed(v):
            return [t("friend.you_secret")]
        call = the_call(v)
        if side == "unknown" and call is not None and copies_held(v, call.card):
            key = "friend.you_maybe" if v.rules.friend_rule == "holder" else "friend.you_may_become"
            return [t(key, card=copy_text(m, call.card, call.nth))]
        return [t(f"friend.you_{side}")]
    return [t(f"friend.side_{side}")]


def plays_alone(v: SeatView) -> bool:
    """The dealer plays alone, as far as the viewer knows."""
    return (the_call(v) is not None and revealed(v) and friend_of(v) is None) or alone_known(v)


def band_text(m: Model, b: rules.ScoreBand) -> str:
    """A band ahead of the attackers, in words: at five seats the dealer side's
    levels in all (§10's table: 3, 6, 9 with a friend; 4, 8, 12 alone)."""
    v = m.facts.view
    if v is None or b.take_over or not rules.five_player_table(v.rules):
        return m.band_text(b)
    r = rules.friend_deal_result(v.rules, b.min_points, alone=plays_alone(v))
    return m.prefs.cat.t("friend.band_side", n=r.dealer_side_levels + r.friend_levels)


def score_left(m: Model) -> tuple[int, str, bool]:
    """The points race's left part: the attackers' points among the seats known
    to attack; until every side is known it says so, and how far the seats of
    unknown side could take it. (points, words, whether the dealer is alone)"""
    v = m.facts.view
    assert v is not None
    t = m.prefs.cat.t
    pts, provisional = attacker_points(v)
    if not provisional:
        return pts, t("score.attackers", points=pts), plays_alone(v)
    unknown = [s for s in range(v.rules.players) if side_of(v, s) == "unknown"]
    most = pts + sum(v.points_by_seat[s] for s in unknown) + v.penalty_points
    if most > pts:
        return pts, t("friend.attackers_up_to", points=pts, most=most), False
    return pts, t("friend.attackers_provisional", points=pts), False


def status_part(m: Model) -> str | None:
    """The status bar's word on the call: "friend ? (A♥)", "friend Ken", "dealer alone"."""
    v = m.facts.view
    call = the_call(v)
    if v is None or call is None:
        return None
    t = m.prefs.cat.t
    if call.alone or alone_known(v):
        return t("friend.status_alone")
    friend = friend_of(v)
    if friend is not None and friend == m.me and not call.revealed:
        return t("friend.status_secret")  # (the viewer's own secret, under holder)
    if friend is not None:
        return t("friend.status_friend", name=m.name(friend))
    return t("friend.status_call", card=copy_text(m, call.card, call.nth))


def levels_part(m: Model) -> str:
    """Every seat's level (they differ: each seat plays at its own when it
    deals), from the viewer on in play order."""
    v = m.facts.view
    assert v is not None
    t = m.prefs.cat.t
    if len(set(v.levels)) == 1:
        return t("friend.levels", list=t("friend.levels_same", level=v.levels[0]))
    order = [m.seat_at(k) for k in range(m.players)] if m.facts.seat >= 0 else range(m.players)
    items = [t("friend.level_item", name=m.name(s), level=v.levels[s]) for s in order]
    return t("friend.levels", list=t("friend.level_sep").join(items))


def call_words(
    cat: Catalogue, ct: CardText, v: SeatView, name: Callable[[int], str], you: bool = False
) -> str:
    """The public call as a sentence (before the reveal): who called which card
    (`you`: the reader called it)."""
    call = the_call(v)
    assert call is not None
    card = copy_words(cat, ct, v.rules, call.card, call.nth)
    key = "friend.called_holder" if v.rules.friend_rule == "holder" else "friend.called_nth"
    copies = rules.friend_copies(v.rules)
    return cat.t(
        key + ("_you" if you else ""),
        name=name(call.seat),
        card=card,
        played=call.played,
        copies=copies,
    )


def call_sentence(m: Model) -> str:
    """The public call, as a sentence for the centre (before the reveal)."""
    call = the_call(m.facts.view)
    assert m.facts.view is not None and call is not None
    return call_words(m.prefs.cat, m.prefs.ct, m.facts.view, m.name, m.is_you(call.seat))


def own_sentence(m: Model) -> str | None:
    """What the viewer alone knows: it is the friend (holder), or it plays alone."""
    v = m.facts.view
    call = the_call(v)
    if v is None or call is None or call.revealed:
        return None
    t = m.prefs.cat.t
    card = copy_text(m, call.card, call.nth)
    if alone_known(v):
        if m.me == v.dealer:
            return t("friend.you_alone", card=card)
        return t("friend.alone_seen", card=card, name=m.name(call.seat))
    side = side_of(v, m.me) if 0 <= m.me < v.rules.players else "unknown"
    if side == "friend" and m.me != v.dealer:
        return t("friend.you_are_friend", card=card, name=m.name(call.seat))
    if side == "unknown" and copies_held(v, call.card):
        if v.rules.friend_rule == "holder":
            return t("friend.you_may_be", card=card, name=m.name(call.seat))
        return t("friend.you_may_play", card=card, name=m.name(call.seat))
    return None


def reveal_sentence(m: Model, call: FriendCall, e: FriendRevealed) -> str:
    """ "Ken played A♥: Ken is Ana's friend", or that the dealer plays alone
    (it played the called copy, or every copy; or, at the deal's end, no other
    seat could)."""
    t = m.prefs.cat.t
    card = copy_text(m, call.card, call.nth)
    v = m.facts.view
    name = m.name(e.seat)
    if e.alone:
        if v is None or v.result is not None or v.phase in ("scoring", "finished"):
            key = "friend.alone_end"
        elif v.rules.friend_rule == "holder":
            key = "friend.alone_every"
        else:
            key = "friend.alone"
        if m.is_you(e.seat) and key != "friend.alone_end":
            key += "_you"
        return t(key, name=name, card=card)
    if m.is_you(e.seat):
        key = "friend.revealed_you"
    elif m.is_you(call.seat):
        key = "friend.revealed_yours"
    else:
        key = "friend.revealed"
    return t(key, name=name, card=card, dealer=m.name(call.seat))


def reveal_trick(v: SeatView) -> tuple[int, FriendRevealed] | None:
    """The trick in which the friend (or the dealer alone) was revealed, and the
    event (from this deal's log)."""
    trick = 0
    for e in v.log:
        if isinstance(e, TrickWon):
            trick += 1
        elif isinstance(e, FriendRevealed):
            return trick, e
    return None


def centre_lines(m: Model) -> list[Line]:
    """The centre's lines about the call while cards are played: the call until
    the reveal (with what the viewer alone knows), then the reveal sentence for
    the trick in which it happened (until the next lead)."""
    v = m.facts.view
    call = the_call(v)
    if v is None or call is None:
        return []
    if not call.revealed:
        out = [Line((Words(call_sentence(m)),), "seat--dim")]
        own = own_sentence(m)
        if own:
            out.append(Line((Words(own),), "centre--prompt"))
        return out
    found = reveal_trick(v)
    if found is None:
        return []
    k, e = found
    if v.trick_no == k or (v.trick_no == k + 1 and not v.trick):
        return [Line((Words(reveal_sentence(m, call, e)),), "centre--prompt")]
    return []


def calling_lines(m: Model) -> list[Line]:
    """The centre while the dealer calls: what to do (the dealer) or who calls."""
    v = m.facts.view
    assert v is not None
    t = m.prefs.cat.t
    dealer = v.dealer if v.dealer is not None else 0
    rule = t(f"friend.rule_{v.rules.friend_rule}")
    if dealer == m.me:
        return [
            Line((Words(m.prefs.ct.keys(t("friend.calling_you"))),), "centre--prompt"),
            Line((Words(rule),), "seat--dim"),
        ]
    return [
        Line((Words(t("friend.calling", name=m.name(dealer))),)),
        Line((Words(rule),), "seat--dim"),
    ]
