"""Learn to play: a guided first game against three Easy computers.

- steps.py: the game it is played in (base rules, beginner board, a fixed
  seed) and the steps, each with the command it waits for and the cards it
  needs; the lessons after the first trade come in any order;
- guide.py: follows the game step by step, says what to do next (a bank
  trade or an offer first when a lesson lacks a card), refuses (through the
  controller) what the person may not do yet and says why, and keeps its
  step in the save so a left tutorial resumes where it was;
- dice.py: each roll's dice, shaped for the coming lessons and kept in the
  game as the roll's mix (the config's `mixed_dice`);
- computers.py: the Easy computers, held back from what would take a
  lesson from the person;
- overlay.py and scene.py: the two lines of what and why, the step count,
  the ring on what to click, the Next button, drawn over the real table;
- rehearse.py: the guided game without a window (tests, tools), with a
  newcomer's own random moves between the lessons;
- intro.py: the short introduction offered before the first Cities &
  Knights game.

The engine's rules are untouched: the dice come from the mix the guide
puts in each rolling command, and the person's commands are limited to
what the guide allows."""
