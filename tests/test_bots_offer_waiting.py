"""A computer's own trade offer waits for the answers of those asked (B-7.1),
but not for a LAN seat whose player is away: the game goes on without them."""

from game.bots.protocol import awaits_answers
from game.engine import apply, legal_commands
from game.engine.state import TRADE

from base_helpers import cards, make_game, set_hand, start_turn


def _offer_to_everyone():
    auth = make_game()
    start_turn(auth, 0, "main")
    for seat in range(len(auth.state.hands)):
        set_hand(auth.state, seat, cards(brick=1, wood=1, wool=1))
    offer = next(c for c in legal_commands(auth.state, 0) if c[0] == "offer")
    apply(auth.state, offer)
    assert auth.state.phase == TRADE
    return auth.state


def test_B_7_1_an_offer_waits_for_the_answers_of_those_asked():
    state = _offer_to_everyone()
    assert awaits_answers(state, 0)
    assert not awaits_answers(state, 1)            # only the offerer waits


def test_B_7_1_an_offer_does_not_wait_for_seats_that_are_away():
    state = _offer_to_everyone()
    others = {s for s in range(len(state.hands)) if s != 0}
    assert awaits_answers(state, 0, away=others - {1})     # seat 1 is there and still to answer
    assert not awaits_answers(state, 0, away=others)


def test_a_lan_copy_knows_which_seats_are_away_from_the_hosts_seat_status():
    from net.peer.game import PeerGame
    game = PeerGame(send=lambda msg: None)
    game._on_seat_status({"t": "seat_status", "seat": 2, "connected": False})
    assert game.away == {2}
    game._on_seat_status({"t": "seat_status", "seat": 2, "connected": True})
    game._on_seat_status({"t": "seat_status", "seat": "x", "connected": False})     # nonsense: ignored
    assert game.away == set()
