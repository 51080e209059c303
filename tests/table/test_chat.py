"""Chat beside the game: what a message may be (cleaned, at most 200
characters, a few per 10 s per sender), told to the table's listeners only."""

from __future__ import annotations

import pytest

from shengji_tui.table import (
    MAX_CHARS,
    ChatNote,
    ChatRefused,
    Note,
    Pacing,
    Table,
    TableChannel,
    TableSettings,
    clean_text,
)
from shengji_tui.table.chat import (
    RATE_COUNT,
    RATE_SECONDS,
    SERVER_COUNT,
    SPECTATORS_COUNT,
    TABLE_COUNT,
    RateLimit,
)


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Nice!", "Nice!"),
        ("  好牌!  ", "好牌!"),
        ("a\x1b[2Jb", "ab"),  # the escape sequence goes whole: no terminal acts on it
        ("t\x1b]0;title\x1b\\x", "tx"),  # an OSC to ST (window title)
        ("t\x1b]52;c;cHduZWQ=\x07x", "tx"),  # to BEL (the clipboard)
        ("a\x07\x08\x00b", "ab"),
        ("line\r\nbreak\ttab", "line break tab"),
        ("right\u202eto left", "rightto left"),  # a bidi override
        ("zero\u200bwidth\ufeff", "zerowidth"),
        ("e\u0301\u0301\u0301\u0301x", "ex"),  # no Zalgo tower
        ("\u0301lead mark", "lead mark"),
        ("wide\u3000space", "wide space"),
        ("\x1b\x1b\n", ""),
    ],
)
def test_clean_text(raw: str, shown: str) -> None:
    assert clean_text(raw) == shown


def test_refusals_have_sentences_in_both_languages() -> None:
    ch = TableChannel()
    for text, key in (("", "empty"), ("\x1b\x07 ", "empty"), ("x" * (MAX_CHARS + 1), "too_long")):
        with pytest.raises(ChatRefused) as e:
            ch.say("seat:0", "Ana", 0, text, now=0, at=0)
        assert e.value.key == key and e.value.sentence and e.value.sentence_zh
    assert ch.say("seat:0", "Ana", 0, "x" * MAX_CHARS, now=0, at=0).text == "x" * MAX_CHARS
    assert len(ch.recent()) == 1  # the refused ones are not said


def test_the_rate_per_sender() -> None:
    rate = RateLimit()
    for k in range(RATE_COUNT):
        rate.take("ana", k * 0.1)
    with pytest.raises(ChatRefused) as e:
        rate.take("ana", 1.0)
    assert e.value.key == "too_fast" and e.value.fields["wait"] == 9
    assert "10" in e.value.sentence and "10" in e.value.sentence_zh
    rate.take("bo", 1.0)  # another sender is not held up
    rate.take("ana", RATE_SECONDS + 0.05)  # the window slid past the first
    with pytest.raises(ChatRefused):
        rate.take("ana", RATE_SECONDS + 0.06)


def test_watchers_share_one_budget() -> None:
    # in `--open` every new name is a new sender: the watchers are one voice
    ch = TableChannel()
    for k in range(SPECTATORS_COUNT):
        ch.say(f"watcher{k}", f"w{k}", None, "hi", now=0, at=0)
    with pytest.raises(ChatRefused) as e:
        ch.say("watcher99", "w99", None, "hi", now=1, at=0)
    assert e.value.key == "busy" and "watchers" in e.value.sentence and e.value.sentence_zh
    ch.say("seat:0", "Ana", 0, "the players still talk", now=1, at=0)
    ch.say("watcher99", "w99", None, "later", now=RATE_SECONDS + 0.1, at=0)


def test_a_table_and_a_server_have_budgets_of_their_own() -> None:
    server = RateLimit(SERVER_COUNT)
    tables = [TableChannel(server_rate=server) for _ in range(SERVER_COUNT)]
    ch = tables[0]
    for k in range(TABLE_COUNT):
        ch.say(f"seat:{k % 6}", "x", k % 6, "hi", now=k * 0.01, at=0)
    with pytest.raises(ChatRefused) as e:
        ch.say("seat:9", "x", 0, "one more", now=1, at=0)
    assert e.value.key == "busy" and "table" in e.value.sentence
    assert len(ch.recent()) == TABLE_COUNT
    said = TABLE_COUNT
    for t in tables[1:]:
        for s in range(2):
            if said < SERVER_COUNT:
                t.say(f"seat:{s}", "x", s, "hi", now=2, at=0)
                said += 1
    with pytest.raises(ChatRefused) as e:
        tables[-1].say("seat:5", "x", 5, "hi", now=2, at=0)
    assert "server" in e.value.sentence
    # a refused message was counted nowhere: the sender may speak once there is room
    tables[-1].say("seat:5", "x", 5, "hi", now=RATE_SECONDS + 3, at=0)


async def test_chat_goes_to_this_tables_listeners_only() -> None:
    settings = TableSettings.build("classic", 3, names=["Ana", "Bo", "Cy", "Di"], pacing=Pacing())
    one, two = Table(settings), Table(settings)
    heard: dict[str, list[Note]] = {"one": [], "two": []}
    one.listen(heard["one"].append)
    unlisten = two.listen(heard["two"].append)
    note = await one.say(1, "Bo", "Hurry up")
    assert isinstance(note, ChatNote) and (note.seat, note.name, note.text) == (1, "Bo", "Hurry up")
    assert heard == {"one": [note], "two": []}
    assert one.recent_notes() == [note] and two.recent_notes() == []
    await two.say(None, "eve", "hi")
    unlisten()
    await two.say(None, "eve", "again")
    assert [n.text for n in heard["two"] if isinstance(n, ChatNote)] == ["hi"]
    assert heard["one"] == [note]
    # the rate is counted per seat (or the sender given)
    for _ in range(RATE_COUNT - 1):
        await one.say(1, "Bo", "x")
    with pytest.raises(ChatRefused):
        await one.say(1, "Bo", "x")
    await one.say(2, "Cy", "x")
    await one.say(None, "eve", "x", sender="user:eve")
