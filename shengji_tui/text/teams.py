"""A team in the sentences of a deal's end: its seats' names as one phrase
("Mei & Ken", "Ana, Mei, Ken"), and a key said of it in its singular form
(`key_sg`) when the team is one seat that is not the reader ("Mei goes up",
"Mei and Ken go up", "You go up").

One writing for everyone who tells a deal's end: the log (`Narrator`), the
result screen and the review's last step (`tui.outcome`, through the table's
model or a review's reader)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .i18n import Catalogue


def team_name(cat: Catalogue, names: Sequence[str]) -> str:
    """The names of a team's seats as one phrase."""
    if len(names) == 2:
        return cat.t("team.pair", a=names[0], b=names[1])
    return cat.t("team.list_sep").join(names)


def team_said(
    cat: Catalogue,
    key: str,
    seats: Sequence[int],
    name_team: Callable[[Sequence[int]], str],
    is_you: Callable[[int], bool],
    **kw: object,
) -> str:
    """`key` said of the team `seats` (named by `name_team`), in its `key_sg`
    form for one seat that is not the reader (`is_you`)."""
    if len(seats) == 1 and not is_you(seats[0]) and cat.has(key + "_sg"):
        key += "_sg"
    return cat.t(key, names=name_team(seats), **kw)
