"""Replay privacy: a game still in progress replays in
the public view only; every hand and each seat's view once it is over."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import bot_game, make_app, save_game, draw  # noqa: E402
from game import saves  # noqa: E402
from game.client.scenes.replay import ReplayScene, open_file  # noqa: E402
from game.client.saved import ALL, Replay  # noqa: E402
from game.engine.state import GAME_OVER  # noqa: E402



def test_an_unfinished_game_replays_in_the_public_view_only(saves_folder):
    """B-9.1, B-9.7: hands and victory point cards stay hidden while the game goes on."""
    auth, hashes = bot_game(seed=8, stop=150)
    assert auth.state.phase != GAME_OVER and any(auth.state.hands[s] for s in range(3))
    path = save_game(auth, hashes, saves_folder)
    app = make_app()
    scene = open_file(app, path)
    app.push(scene)
    assert scene.m.finished is False and scene.m.audiences() == [None]
    assert scene.audience is None
    for _ in range(4):                                   # V cycles nothing open
        scene.key(pygame.K_v)
        assert scene.audience is None
    for k in (0, 40, 150):
        scene.go(k)
        for asked in (ALL, 0, 1, 2, None):               # even when asked directly, the model says public
            shown = scene.m.shown(asked)
            assert all(h is None for h in shown.hands) and all(d is None for d in shown.dev)
        for i in range(k):
            for event in scene.m.events(i, ALL):
                if event[0] == "bought_dev":
                    assert event[2] is None              # which card was bought stays secret
        assert draw(app)
        assert not [key for key in scene.targets.keys() if key[0] == "card"]     # no hand drawn


def test_a_finished_game_replays_every_hand_and_each_seats_view(saves_folder):
    auth, hashes = bot_game(seed=9)
    assert auth.state.phase == GAME_OVER
    model = Replay(saves.load(save_game(auth, hashes, saves_folder)))
    assert model.finished and model.audiences() == [ALL, 0, 1, 2, None]
    app = make_app()
    scene = ReplayScene(app, model)
    app.push(scene)
    assert scene.audience == ALL
    scene.go(120)
    assert all(h is not None for h in model.shown(ALL).hands)
    scene.key(pygame.K_v)
    assert scene.audience == 0 and model.shown(0).hands[1] is None


def test_points_count_a_hidden_victory_card_only_for_a_view_that_sees_it():
    """B-9.7: a victory point card stays hidden until the game is won; the
    table (for its own seat) and a replay's perspective show it apart."""
    from game.client.table.panels import points
    from game.client.table.parts import part_for
    from game.engine.views import view
    auth, _ = bot_game(seed=8, until=lambda a: any(d[4] for d in a.state.dev))
    state = auth.state
    seat = next(s for s in range(state.n) if state.dev[s][4])
    own, public = view(state, seat), view(state, None)
    part = part_for(state.config)
    assert points(part, own, seat, True) == (state.vp_public[seat], state.dev[seat][4])
    assert points(part, own, seat, False) == (state.vp_public[seat], 0)
    assert points(part, public, seat, True) == (state.vp_public[seat], 0)      # the public view holds no dev cards
