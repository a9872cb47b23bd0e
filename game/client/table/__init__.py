"""The game table: one component, one package.

- model.py     TableModel, what the table shows (the view, whose screen it is,
               selection and hover, the open dialog, notes, the log, animations)
- play.py      TablePlay, how the table follows the game and what actions do
- scene.py     TableScene, the thin scene that owns and connects the parts
- ui.py        TableUI, the layout, the board's geometry and the click targets
- draw.py      a frame: board highlights, barbarians, notes, curtain; dice.py
               the dice; hand.py the hand and action buttons; panels.py the
               players, the bank and the log; hints.py the ? key's hint
- controls.py  pointer and keys; tips.py the tooltip (its words and where it
               goes); prompts.py the top bar's prompt; reasons.py why an
               action is not possible
- dialogs.py, ckdialogs.py, cardpick.py  the dialogs (base game, Cities & Knights)
- staging.py   the big moments (a barbarian attack, a 7, production)
- computers.py computer seats in a hot-seat game
- layout.py    where the parts go; position_copy.py the F8 key
- parts/       what each rule set shows (one table part per rule set, chosen
               by part_for(config) and kept as model.part): the drawing asks
               it where rule sets differ, never which rule set is played
"""
