"""The text catalogue: both languages complete and consistent, every key the
code asks for present, every engine event told as a sentence."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from shengji_tui.engine import CardDealt
from shengji_tui.engine.state import SUPPORTED
from shengji_tui.rules import RuleSet, TrumpContext, parse_cards
from shengji_tui.text import CardText, Catalogue, Narrator, detect_lang, load_catalogue
from shengji_tui.text.assets import assets_dir

PACKAGE = Path(__file__).resolve().parents[2] / "shengji_tui"
TEXT_USERS = ("tui", "text", "saves")  # the packages whose code names catalogue keys


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_same_keys_and_placeholders() -> None:
    en, zh = load_catalogue("en"), load_catalogue("zh")
    assert set(en) == set(zh), set(en) ^ set(zh)
    for key in en:
        assert fields(en[key]) == fields(zh[key]), key


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in (p for d in TEXT_USERS for p in (PACKAGE / d).rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"""\bt\(\s*["']([a-z_]+(?:\.[a-z_-]+)+)["']""", text))
        keys |= set(re.findall(r"""["']((?:keys|result|log|centre|seat)\.[a-z_]+)["']""", text))
    return keys


def test_every_key_the_code_uses_exists() -> None:
    en = load_catalogue("en")
    missing = sorted(k for k in used_keys() if k not in en)
    assert not missing
    for verb in ("follows", "ruffs", "discards", "mixed"):
        for prefix in ("seat.", "centre.", "log."):
            assert prefix + verb in en
    for preset in SUPPORTED:
        assert f"preset.{preset}" in en
    for nd in ("flip_kitty", "no_trump", "redeal", "spades"):
        assert f"help.rule.no_declaration.{nd}" in en
    for km in ("power", "times", "tournament"):
        assert f"help.rule.multiplier.{km}" in en


def test_language_from_environment() -> None:
    assert detect_lang({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert detect_lang({"LANG": "en_US.UTF-8"}) == "en"
    assert detect_lang({"LC_ALL": "zh_TW.UTF-8", "LANG": "en_US"}) == "zh"
    assert detect_lang({}) == "en"
    with pytest.raises(ValueError):
        Catalogue("fr")


def test_assets_found_from_the_source_tree() -> None:
    d = assets_dir()
    assert (d / "i18n" / "en.toml").is_file()
    assert (d / "shengji.tcss").is_file()


def test_card_text_glyphs_ascii_and_notation() -> None:
    cat = Catalogue("en")
    glyph, ascii_ = CardText(cat), CardText(cat, ascii=True)
    cards = parse_cards("S10 HA LJ BJ")
    assert glyph.cards(cards) == "10♠ A♥ LJ BJ"
    assert ascii_.cards(cards) == "S10 HA LJ BJ"
    assert glyph.notation("so you play D3 and S10, not SAD") == "so you play 3♦ and 10♠, not SAD"
    assert CardText(Catalogue("zh")).cards(parse_cards("BJ")) == "大王"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    ("preset", "kinds"),
    [
        ("classic", {"declared", "trick_won", "deal_scored", "dealer_rotated"}),
        ("eighty-points", {"auction_started", "bid_made", "auction_won", "deal_settled"}),
        ("three-player", {"kitty_shown", "bid_made", "trump_named"}),
        ("find-friends", {"friend_called", "friend_revealed"}),
    ],
)
def test_every_event_of_a_match_is_told(lang: str, preset: str, kinds: set[str]) -> None:
    """Two whole deals of bots (every kind of event but the match's end): each
    event is one sentence of the catalogue (none for a card dealt), with every
    placeholder filled; the replay's narrator tells the same."""
    from shengji_tui.engine import new_game
    from shengji_tui.table.plan import plan, random_bots
    from shengji_tui.text import narrate_game

    rs = RuleSet.preset(preset)
    n = rs.players
    state, bots, events = new_game(rs, 2), random_bots(2, n), []
    while state.deal_no < 2 and state.phase != "finished":
        step = plan(state, bots, all_bots=True)
        assert step is not None
        state = step.state
        events.append(step.events)
    seen = {e.type for evs in events for e in evs}
    assert kinds <= seen, kinds - seen
    cat = Catalogue(lang)
    ct = CardText(cat)
    narr = Narrator(
        cat, ct, lambda s: f"P{s}", lambda ss: "+".join(f"P{s}" for s in ss), lambda s: s == 0
    )
    told = 0
    for evs in events:
        for e in evs:
            line = narr.sentence(e, rs, TrumpContext("2", "S"))
            if isinstance(e, CardDealt):
                assert line is None
                continue
            assert line, e
            assert "{" not in line and "}" not in line, line
            told += 1
    assert told > 50
    lines = narrate_game(rs, [f"P{s}" for s in range(n)], [e for evs in events for e in evs], cat)
    assert len(lines) >= told and not any("{" in line for line in lines)
