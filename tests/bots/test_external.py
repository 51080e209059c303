"""Outside bots (bots/external.py, docs/bot-protocol.md): the example bot plays
whole deals without a single fallback; programs that answer garbage, illegal
or late moves, crash, hang or flood are replaced by the normal bot's moves
(counted), and the deal always ends with only legal moves."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from shengji_tui.bench.bots_bench import play_deal
from shengji_tui.bots import BotSpec, UnknownBotLevel, bot_level
from shengji_tui.bots.external import MAX_LINE, ExternalBot
from shengji_tui.server.lobbydesk import LobbyDesk
from shengji_tui.server.registry import LobbyError, Registry

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "bots" / "cautious_bot.py"
PY = sys.executable


def deal_with(level: str, preset: str = "one-deck", seed: int = 4, budget: float = 2000.0):  # type: ignore[no-untyped-def]
    """One deal: the external bot at seat 0, normal bots elsewhere."""
    bots = {
        s: BotSpec(
            level=level if s == 0 else "normal",
            seed=s,
            options={"budget_ms": budget} if s == 0 else {},
        ).make()
        for s in range(4)
    }
    ext = bots[0]
    assert isinstance(ext, ExternalBot)
    res = play_deal(preset, seed, bots, (0, 2))
    return res, ext


@pytest.mark.parametrize("preset", ["classic", "one-deck", "four-deck"])
def test_the_example_bot_plays_a_whole_deal_by_the_protocol(preset: str) -> None:
    res, ext = deal_with(f"external:{PY} {EXAMPLE}", preset)
    assert res.illegal == {"a": 0, "b": 0}
    assert res.fallbacks["a"] == 0 and ext.fallbacks == 0, list(ext.log)
    assert res.seat_levels  # the deal was scored
    assert ext.restarts == 0


def script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text("import json, sys, time\n" + body, encoding="utf-8")
    return f"external:{PY} {path}"


ANSWER_FIRST = """
for line in sys.stdin:
    req = json.loads(line)
    {before}
    move = req["legal"][0] if req["legal"] else None
    print(json.dumps({{"id": req["id"], **(move or {{}})}}), flush=True)
"""


def test_malformed_answers_are_replaced_and_counted(tmp_path: Path) -> None:
    level = script(tmp_path, "garbage", "for line in sys.stdin:\n    print('hello', flush=True)\n")
    res, ext = deal_with(level)
    assert res.illegal == {"a": 0, "b": 0}
    assert ext.fallbacks == res.fallbacks["a"] > 5
    assert any("not JSON" in line for line in ext.log)


def test_illegal_answers_are_replaced_and_counted(tmp_path: Path) -> None:
    # plays the big joker whatever it holds, buries nothing
    body = (
        "for line in sys.stdin:\n"
        "    req = json.loads(line)\n"
        "    seat = req['view']['seat']\n"
        "    print(json.dumps({'id': req['id'], 'type': 'play', 'seat': seat,"
        " 'cards': ['BJ', 'BJ', 'BJ']}), flush=True)\n"
    )
    res, ext = deal_with(script(tmp_path, "illegal", body))
    assert res.illegal == {"a": 0, "b": 0}
    assert ext.fallbacks > 5
    assert any("does not hold" in line or "not due" in line for line in ext.log), list(ext.log)


def test_late_answers_are_replaced_and_skipped_when_they_come(tmp_path: Path) -> None:
    # every other answer comes long after the budget; the late one carries its id
    before = "time.sleep(0.4 if req['id'] % 2 else 0)"
    level = script(tmp_path, "late", ANSWER_FIRST.format(before=before))
    res, ext = deal_with(level, budget=100.0)
    assert res.illegal == {"a": 0, "b": 0}
    assert ext.fallbacks >= 3
    assert any("no answer within" in line for line in ext.log)


def test_a_crashing_program_is_restarted_then_replaced(tmp_path: Path) -> None:
    # answers one request, then exits
    body = ANSWER_FIRST.format(before="") + "    sys.exit(3)\n"
    res, ext = deal_with(script(tmp_path, "crash", body))
    assert res.illegal == {"a": 0, "b": 0}
    assert ext.restarts >= 1
    assert any("exited" in line for line in ext.log)
    assert res.seat_levels


def test_a_hanging_program_is_replaced(tmp_path: Path) -> None:
    level = script(tmp_path, "hang", "for line in sys.stdin:\n    time.sleep(60)\n")
    res, ext = deal_with(level, budget=50.0)
    assert res.illegal == {"a": 0, "b": 0}
    assert ext.fallbacks > 5
    assert any("times running" in line for line in ext.log), list(ext.log)


def test_a_flooding_program_is_stopped_with_bounded_memory(tmp_path: Path) -> None:
    body = "for line in sys.stdin:\n    while True:\n        sys.stdout.write('x' * 65536)\n"
    res, ext = deal_with(script(tmp_path, "flood", body), budget=200.0)
    assert res.illegal == {"a": 0, "b": 0}
    assert any("floods" in line for line in ext.log)
    assert 0 < ext.peak_buffer <= MAX_LINE + 65536  # what it ever kept of the flood


def test_external_levels_in_a_spec() -> None:
    spec = BotSpec(level=f"external: {PY} {EXAMPLE} ", seed=2, options={"budget_ms": 500})
    assert spec.level == f"external:{PY} {EXAMPLE}"
    bot = spec.make()
    assert isinstance(bot, ExternalBot) and bot.budget_ms == 500
    assert BotSpec.model_validate_json(spec.model_dump_json()) == spec
    with pytest.raises(UnknownBotLevel):
        bot_level("external:  ")
    with pytest.raises(ValueError):
        BotSpec(level="external:x", options={"top_k": 2})  # only the time per decision


def test_the_lobby_offers_only_the_servers_external_bots() -> None:
    reg = Registry(None, None, external_bots=[f"{PY} {EXAMPLE}"])
    assert reg.bot_levels[-1] == f"external:{PY} {EXAMPLE}"
    assert Registry(None, None).bot_levels == ("random", "easy", "normal", "hard")
    room = reg.create(reg.default_options, "owner", "Owner", "127.0.0.1")
    with pytest.raises(LobbyError):
        reg.add_bots(room, "external:rm -rf /")
    reg.add_bots(room, reg.bot_levels[-1])
    assert room.slots[1].kind == "bot" and room.slots[1].level == reg.bot_levels[-1]


def test_the_request_is_the_documented_json() -> None:
    from shengji_tui.engine import new_game, view_for

    state = new_game("one-deck", 1)
    bot = BotSpec(level=f"external:{PY} {EXAMPLE}").make()
    assert isinstance(bot, ExternalBot)
    seen: list[dict[str, object]] = []
    ask = bot._ask

    def spy(view, legal, complete):  # type: ignore[no-untyped-def]
        seen.append({"legal": [json.loads(c.model_dump_json()) for c in legal]})
        return ask(view, legal, complete)

    bot._ask = spy  # type: ignore[method-assign]
    assert bot.decide(view_for(state, 0)) is None  # nothing to declare: not even asked
    assert not seen
    bot.close()


async def test_the_lobbys_bot_choice_lists_the_servers_programs() -> None:
    from textual.widgets import Select
    from textual.widgets.select import InvalidSelectValueError

    from shengji_tui.server.lobby import LobbyApp, RoomScreen
    from shengji_tui.server.server import identity_for_tests

    program = f"external:{PY} {EXAMPLE}"
    registry = Registry(None, None, external_bots=[f"{PY} {EXAMPLE}"])
    other = identity_for_tests("meg")
    registry.create(registry.default_options, other.id, other.name)
    app = LobbyApp(LobbyDesk(registry), identity_for_tests("kim"), lang="en")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("j")  # a seat at meg's table: the waiting room
            await pilot.pause()
            assert isinstance(app.screen, RoomScreen)
            choice = app.screen.query_one("#level", Select)
            choice.value = program  # (a Select takes only the values it offers)
            assert choice.value == program
            with pytest.raises(InvalidSelectValueError):
                choice.value = "external:rm -rf /"
    finally:
        await registry.close()
