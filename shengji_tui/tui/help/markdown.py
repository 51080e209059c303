"""The help screen's text: the keys, and the rules of the preset being played,
built from the `RuleSet` itself so it always says what this table does."""

from __future__ import annotations

from ... import rules
from ...rules import RuleSet, ScoreBand
from ..model import Model
from ..seating import Offers
from ..variants.auction.presenter import help_lines


def help_markdown(model: Model, offers: Offers) -> str:
    """The help's text: the keys `offers` says this keyboard has (its seating's),
    what one may look at, the marks, the rules of the preset being played."""
    cat = model.prefs.cat
    t = cat.t
    rs: RuleSet | None = model.facts.view.rules if model.facts.view is not None else None
    out: list[str] = [f"## {t('help.keys_title')}", ""]
    friends = rs is not None and rs.partnership == "find_friends"
    watching = (
        (
            *(["watch_follow"] if offers.follow else []),
            "last_trick",
            "log",
            *(["watch_chat"] if offers.chat else []),
            "help",
            "palette",
            "watch_quit",
        )
        if not offers.acts  # (a spectator's keys: what looks, what talks, nothing that acts)
        else None
    )
    for key in watching or (
        "move",
        "jump",
        "select",
        "unit",
        "digits",
        "play",
        "declare",
        "hold",
        "skip",
        "suggest",
        "last_trick",
        "log",
        "clear",
        *(["next_hand"] if offers.next_hand else []),
        *(["chat"] if offers.chat else []),
        "help",
        "palette",
        "quit",
        *(["call_friend"] if friends else []),
    ):
        out.append(f"- {model.prefs.ct.keys(t('help.key.' + key))}")
    if model.facts.card_counter:  # what one may look at beside the table
        out.append(f"- {t('aids.help_counter')}")
    out.append(f"- {t('aids.help_kitty')}")
    out.append(f"- {t('review.help')}")
    out.append(f"- {t('coach.help')}")
    if offers.take_back:
        out.append(f"- {t('takeback.help')}")
    out += ["", f"## {t('help.marks_title')}", "", t("help.marks"), ""]
    if rs is None:
        return cat.plain("\n".join(out))
    out += [f"## {t('help.rules_title', preset=rs.name)}", ""]
    pack = t(
        "help.rule.pack", n=rs.decks, players=rs.players, hand=rs.hand_size, kitty=rs.kitty_size
    )
    out.append(f"- {pack}")
    if rs.bidding != "none":  # the auction presets: their own rules (variants/auction/presenter.py)
        out += ["", *help_lines(model, rs)]
        return "\n".join(out)
    if rs.two_color:
        out.append(f"- {t('help.rule.two_color')}")
    out.append(
        f"- {t('help.rule.levels', levels=' '.join(rs.levels), must=' '.join(rs.must_play))}"
    )
    out.append(f"- {t('help.rule.trumps')}")
    if rs.constant_rank:
        out.append(f"- {t('help.rule.constant', rank=rs.constant_rank)}")
    out.append(f"- {t('help.rule.declare')}")
    overturn = "help.rule.self_overturn_yes" if rs.self_overturn else "help.rule.self_overturn_no"
    out.append(f"- {t(overturn)}")
    if rs.hidden_declaring:
        out.append(f"- {t('help.rule.hidden')}")
    out.append(f"- {t('help.rule.no_declaration.' + rs.no_declaration)}")
    out.append(f"- {t('help.rule.kitty', k=rs.kitty_size)}")
    if rs.kitty_theft:
        out.append(f"- {t('help.rule.theft')}")
    out.append(f"- {t('help.rule.follow')}")
    out.append(f"- {t('help.rule.tractor')}")
    out.append(f"- {t('help.rule.throw')}")
    if rs.throw_penalty != "none":
        out.append(
            f"- {t('help.rule.throw_penalty.' + rs.throw_penalty, n=rs.throw_penalty_amount)}"
        )
    if rs.throw_trick_limit is not None:
        out.append(f"- {t('help.rule.throw_limit', n=rs.throw_trick_limit)}")
    out.append(f"- {t('help.rule.points', total=rs.total_points)}")
    out.append(f"- {t('help.rule.multiplier.' + rs.kitty_multiplier, cap=rs.kitty_multiplier_cap)}")
    if rs.kitty_trump_only:
        out.append(f"- {t('help.rule.kitty_trump_only')}")
    if rs.jack_rule:
        out.append(f"- {t('help.rule.jack')}")
    if friends:  # docs/rules.md §10: the call, who the friend is, the five-player split
        out.append(f"- {t('help.rule.friends')} {t(f'friend.rule_{rs.friend_rule}')}")
        if rules.five_player_table(rs):
            out.append(f"- {t(f'help.rule.friend_split_{rs.friend_split}')}")
    out += [
        "",
        f"### {t('help.score_title')}",
        "",
        f"| {t('help.score_points')} | {t('help.score_result')} |",
        "|---|---|",
    ]
    bands = rs.bands()
    for i, b in enumerate(bands):
        hi = f"{bands[i + 1].min_points - 5}" if i + 1 < len(bands) else "…"
        rng = f"{b.min_points}" if hi == f"{b.min_points}" else f"{b.min_points}–{hi}"
        out.append(f"| {rng} | {band_words(model, rs, b)} |")
    if rs.extra_step:
        out.append("")
        out.append(t("help.rule.extra_step", n=rs.extra_step))
    if rs.level_cap:
        out.append("")
        out.append(t("help.rule.cap", n=rs.level_cap))
    # (at six seats the dealer has two team-mates: the next one in play order deals)
    teams = rs.partnership == "fixed" and rs.players > 4
    rotation = "rotation_friends" if friends else "rotation_teams" if teams else "rotation"
    out += ["", t(f"help.rule.{rotation}")]
    return cat.plain("\n".join(out))


def band_words(model: Model, rs: RuleSet, b: ScoreBand) -> str:
    """A band of the score table: at five seats of find friends the dealer
    side's levels in all, with a friend and alone (docs/rules.md §10)."""
    if b.take_over or not rules.five_player_table(rs):
        return model.band_text(b)
    pair = rules.friend_deal_result(rs, b.min_points, alone=False)
    alone = rules.friend_deal_result(rs, b.min_points, alone=True)
    return model.prefs.cat.t(
        "help.rule.friend_band",
        n=pair.dealer_side_levels + pair.friend_levels,
        alone=alone.dealer_side_levels,
    )
