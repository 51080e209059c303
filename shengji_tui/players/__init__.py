"""The players of a data directory: who they are (invites, names, removal),
their settings, their results and ratings. No Textual, no asyncssh.

Modules: `settings` (`PlayerSettings`), `book` (`PlayerBook`: the records and
invites in the store), `ratings` (families, `openskill`'s model, the bots'
anchors), `anchors` (the bots' measured ratings), `results` (a finished
match's stats per seat, recorded with the ratings), `cli` (`shengji invite`,
`players`, `stats`, `backup`).
"""
