"""`RuleError`: a command that is not allowed, with a sentence a player understands.

`apply` raises one of these (never anything else for a user's mistake) and the
state it was given is untouched. `code` says what kind of refusal it is, so a
caller can react without parsing the sentence.
"""

from __future__ import annotations

from typing import ClassVar


class RuleError(Exception):
    """A refused command. `sentence` (English) and `sentence_zh` (may be empty)."""

    code: ClassVar[str] = "rule"

    def __init__(self, sentence: str, sentence_zh: str = "") -> None:
        if not sentence:
            raise ValueError("a RuleError needs a sentence")
        super().__init__(sentence)
        self.sentence = sentence
        self.sentence_zh = sentence_zh


class BadCommand(RuleError):
    """The command itself is malformed (unknown type, bad card text, missing field)."""

    code = "bad_command"


class StaleVersion(RuleError):
    """The command was made against an older state version."""

    code = "stale"


class WrongPhase(RuleError):
    """The command does not fit the game's phase."""

    code = "phase"


class WrongSeat(RuleError):
    """Not this seat's turn, or no such seat. `turn`: the seat whose move it is,
    when there is one (a screen names that player rather than a seat number)."""

    code = "seat"

    def __init__(self, sentence: str, sentence_zh: str = "", turn: int | None = None) -> None:
        super().__init__(sentence, sentence_zh)
        self.turn = turn


class NotInHand(RuleError):
    """The command names cards the seat does not hold."""

    code = "not_in_hand"


class IllegalCards(RuleError):
    """The cards are held but the rules do not allow them here."""

    code = "illegal"
