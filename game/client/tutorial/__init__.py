"""Learn to play: a guided first game against three Easy computers.

- steps.py: the game it is played in (base rules, beginner board, a fixed
  seed and scripted dice, so every step comes in a short game) and the
  steps in order, each with the command it waits for;
- guide.py: follows the game step by step, says what to do next, refuses
  (through the controller) any other command of the person, and keeps its
  step in the save so a left tutorial resumes where it was;
- overlay.py and scene.py: the two lines of what and why, the ring on what
  to click, the Next button, drawn over the real table;
- intro.py: the short introduction offered before the first Cities &
  Knights game.

The engine's rules are untouched: only the dice are scripted (the config's
`dice`, see game/engine/state.py) and the person's commands are limited to
what the step asks."""
