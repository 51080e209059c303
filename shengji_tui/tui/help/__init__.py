"""The help (`?`): the keys and the rules of the preset being played.

Modules:
  markdown  `help_markdown(model, offers)`: the help as Markdown, built from the
            `RuleSet` itself so it always says what this table does, listing
            the keys the app's seating offers (`seating.Offers`)
  widget    `HelpText`: that Markdown laid out for its width (Chinese broken
            between characters, as the table's texts)
  screen    `HelpScreen`, the dialog that shows it
"""
