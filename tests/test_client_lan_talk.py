"""Table talk in the game window over LAN (headless, real TCP on 127.0.0.1;
game/client/table/talk.py): C opens the talk line and every key is the
line's (R types an r), Enter sends; the quick phrases are buttons and are
read in each reader's language, also after a change of language; the
speaker is named in the seat's colour, a watcher as watching; the host's
panel mutes a player, whose panel then says so; refusals are notes; hostile
text is drawn as plain words."""

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from client_helpers import click_gui, make_lan_app, run_until  # noqa: E402
from net_helpers import Clock  # noqa: E402
from test_client_lan import click_at  # noqa: E402
from game.client import lan  # noqa: E402
from game.client.i18n import tr  # noqa: E402
from game.client.scenes.lan_table import LanTableScene  # noqa: E402
from game.client.scenes.lobby import LobbyScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.table.talk import TalkLine  # noqa: E402
from game.engine import default_config  # noqa: E402
from net.session import ClientSession  # noqa: E402


def _key(app, key, text=None):
    """A key pressed in the window, with the text it types (as SDL sends both)."""
    events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text or "")]
    if text:
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(events)


def _type(app, text):
    for ch in text:
        _key(app, pygame.key.key_code(ch.lower()) if ch.isascii() and ch.isalpha() else pygame.K_SPACE
             if ch == " " else 0, ch)


def _talk_lines(table) -> list:
    return [line for line in table.model.log if isinstance(line, TalkLine)]


def _click(app, table, key):
    app.dirty = True
    app.step([])
    rect = table.ui.targets.rect(key)
    assert rect is not None, key
    click_at(app, rect.center)


@pytest.mark.slow
def test_talk_at_the_lan_table_typed_and_phrased_read_in_each_language_muted_by_the_host():
    host_app, bob_app = make_lan_app("en"), make_lan_app("en")
    game = lan.host(default_config(players=2, seed=31), "Praatje", "Ann", lan.options(host_app))
    bob = wendy = None
    try:
        game.hosting.set_allowed(watchers=True)
        game.hosting.host.talk.clock = clock = Clock()      # the host's bounds on the test's clock
        host_app.push(MenuScene(host_app))
        host_app.push(LobbyScene(host_app, game, game.session.poll()))
        lobby = host_app.scene
        bob = lan.join(f"127.0.0.1:{game.port}", "Bo", lan.options(bob_app))
        bob.session.set_lobby(ready=True)
        bob_app.push(MenuScene(bob_app))
        bob_app.push(LobbyScene(bob_app, bob, bob.session.poll()))
        wendy = ClientSession(f"127.0.0.1:{game.port}", "Wendy", token_dir=lan.options(host_app).token_dir,
                              watch=True)
        wendy.connect()
        assert run_until([host_app, bob_app], lambda: lobby.can_start(), sessions=[wendy])
        click_gui(host_app, "start")
        assert run_until([host_app, bob_app], lambda: isinstance(host_app.scene, LanTableScene)
                         and isinstance(bob_app.scene, LanTableScene), sessions=[wendy])
        table, bobs = host_app.scene, bob_app.scene
        apps = [host_app, bob_app]

        # Bo types a line: C opens it (its own c is not typed), R types an r and rolls nothing
        _key(bob_app, pygame.K_c, "c")
        assert bobs.talk.open and bobs.talk.line == ""
        _type(bob_app, "Hi Ann, roll")
        _key(bob_app, 0, "\u202e!")                # a bidi override pasted in
        assert bobs.talk.line == "Hi Ann, roll\u202e!"
        assert bobs.c.session.game.pending is None and bobs.model.mode is None
        _key(bob_app, pygame.K_BACKSPACE)
        _key(bob_app, 0, "!")
        _key(bob_app, pygame.K_RETURN)
        assert not bobs.talk.open
        assert run_until(apps, lambda: _talk_lines(table), sessions=[wendy])
        line = _talk_lines(table)[-1]
        assert line == "Bo: “Hi Ann, roll!”" and [seat for _, seat in line.runs] == [bobs.c.seat, None]

        # Ann clicks Talk, then a phrase; Bo reads it in English, then in Dutch
        clock.now += 5
        _click(host_app, table, ("talk",))
        _click(host_app, table, ("talk_phrase", "good_luck"))
        assert run_until(apps, lambda: len(_talk_lines(bobs)) == 2, sessions=[wendy])
        assert _talk_lines(bobs) == ["Bo: “Hi Ann, roll!”", "Ann: “Good luck!”"]
        # a watcher talks too, named as watching, in no seat's colour
        wendy.say(phrase="nice_move")
        assert run_until(apps, lambda: len(_talk_lines(bobs)) == 3, sessions=[wendy])
        assert _talk_lines(bobs)[-1] == "Wendy (watching): “Nice move!”"
        assert [seat for _, seat in _talk_lines(bobs)[-1].runs] == [None]
        bob_app.set_language("nl")
        try:
            assert _talk_lines(bobs) == ["Bo: „Hi Ann, roll!”", "Ann: „Veel succes!”",
                                         "Wendy (kijkt mee): „Mooie zet!”"]
            log = bobs.model.log
            assert log.index(_talk_lines(bobs)[0]) < log.index(_talk_lines(bobs)[1])
        finally:
            bob_app.set_language("en")

        # Ann mutes Bo from her panel: his panel says so, and what he says is refused in words
        _click(host_app, table, ("talk",))
        _click(host_app, table, ("talk_mute", bobs.c.seat))
        assert run_until(apps, lambda: bobs.talk.refusal() == "talk.muted", sessions=[wendy])
        _key(bob_app, pygame.K_c, "c")
        bob_app.dirty = True
        bob_app.step([])
        assert bobs.ui.targets.rect(("talk_phrase", "good_luck")) is None
        _key(bob_app, pygame.K_ESCAPE)
        assert not bobs.talk.open
        clock.now += 5
        bobs.talk.say("oops")
        assert run_until(apps, lambda: tr("lan.err.talk_muted") in [n[0] for n in bobs.model.notes],
                         sessions=[wendy])
        # two phrases of Ann's within a second: the second is refused, with why
        clock.now += 5
        table.talk.say("thanks")
        table.talk.say("thanks")
        assert run_until(apps, lambda: tr("lan.err.talk_too_fast") in [n[0] for n in table.model.notes],
                         sessions=[wendy])
        # hostile text is drawn as plain words
        clock.now += 5
        told = len(_talk_lines(table))
        wendy.say(text="\x00\u202eW" + "\u0301" * 40 + "x" * 150 + "\n\u200bend")
        assert run_until(apps, lambda: len(_talk_lines(table)) > told, sessions=[wendy])
        said = _talk_lines(table)[-1]
        assert "\x00" not in said and "\u202e" not in said and "\u200b" not in said
        assert said.count("\u0301") == 2 and " end" in said
        host_app.dirty = True
        assert host_app.step([])
    finally:
        if wendy is not None:
            wendy.close()
        if bob is not None:
            bob.close().wait(10)
        game.close().wait(10)
