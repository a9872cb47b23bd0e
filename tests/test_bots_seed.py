"""A computer's seed tells nothing of the game's (game/bots/__init__.py bot_seed).

The game's seed decides every roll and draw to come; a computer that could
work it back from its own seed would know them.  The seeds the window's
computers, the tutorial's and the review's get are made by one one-way
function of the game's seed, the seat and what the computer is for."""

from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from game.bots import bot_seed

SEEDS = st.integers(0, 2 ** 63 - 1)
OLD_MULTIPLIER = 1_000_003          # the seed the window's computers had: seed * M + 7919 * (seat + 1)


@given(game_seed=SEEDS, seat=st.integers(0, 5))
def test_the_old_inversion_no_longer_gives_the_game_seed(game_seed, seat):
    """The earlier derivation was undone by one multiplication by the inverse
    of its odd multiplier mod 2**63; applied to a seed of now it finds another number."""
    seed = bot_seed(game_seed, seat)
    undone = (seed - 7919 * (seat + 1)) * pow(OLD_MULTIPLIER, -1, 2 ** 63) % 2 ** 63
    assert undone != game_seed
    assert 0 <= seed < 2 ** 63


@given(game_seed=st.integers(0, 2 ** 62), seat=st.integers(0, 5))
def test_neighbouring_game_seeds_give_unrelated_computer_seeds(game_seed, seat):
    """No fixed step between the seeds of two games that follow each other
    (an affine derivation has one, and gives the game's seed from two computers)."""
    steps = {bot_seed(game_seed + k + 1, seat) - bot_seed(game_seed + k, seat) for k in range(3)}
    assert len(steps) == 3


@given(game_seed=SEEDS)
def test_each_seat_and_purpose_has_its_own_seed(game_seed):
    seeds = {bot_seed(game_seed, seat, purpose) for seat in range(6)
             for purpose in ("play", "review", "review search")}
    assert len(seeds) == 18
    assert bot_seed(game_seed, 2) == bot_seed(game_seed, 2, "play")      # the same game plays the same


def test_the_windows_computers_are_seeded_by_bot_seed(monkeypatch):
    """The hot-seat table's computers (and so the tutorial's rehearsal, which
    seats them alike) get bot_seed's seeds, never the game's."""
    import game.client.table.computers as computers
    given_seeds = {}
    monkeypatch.setattr(computers, "make_bot",
                        lambda level, seat, seed: given_seeds.setdefault(seat, seed) and SimpleNamespace(seat=seat))
    controller = SimpleNamespace(config={"seed": 12345}, computers=[None, "easy", "hard"],
                                 view=lambda seat: None, submit=lambda cmd: ())
    computers.ComputerSeats(controller)
    assert given_seeds == {1: bot_seed(12345, 1), 2: bot_seed(12345, 2)}
