"""The one place that knows the scenes by name.

A scene never imports another scene to change screens: it asks the app's
navigator, e.g. `self.app.nav.go("end", controller, seconds)`.  The scenes
form a stack (app.py): `open` lays a scene on top (a menu over the table),
`go` replaces the top one (the table by the end screen), `back` takes the
top one away.  The arguments after the name are the
scene's own (its constructor's, after the app).
"""

from .scenes.end import EndScene
from .scenes.game_menu import GameMenuScene
from .scenes.lan_host import LanHostScene
from .scenes.lan_join import LanJoinScene
from .scenes.lan_table import LanEndScene, LanTableScene
from .scenes.load import LoadScene
from .scenes.lobby import LobbyScene
from .scenes.menu import MenuScene
from .scenes.newgame import NewGameScene
from .scenes.replay import ReplayScene
from .scenes.rules_screen import RulesScreen
from .scenes.settings_scene import SettingsScene
from .table.scene import TableScene

SCENES = {
    "menu": MenuScene, "new_game": NewGameScene, "load": LoadScene, "replay": ReplayScene,
    "settings": SettingsScene, "rules": RulesScreen,
    "lan_host": LanHostScene, "lan_join": LanJoinScene, "lobby": LobbyScene,
    "table": TableScene, "lan_table": LanTableScene, "game_menu": GameMenuScene,
    "end": EndScene, "lan_end": LanEndScene,
}


class Navigator:
    def __init__(self, app):
        self.app = app

    def make(self, name, *args, **kwargs):
        """The scene `name`, built for this app (not shown yet)."""
        return SCENES[name](self.app, *args, **kwargs)

    def open(self, name, *args, **kwargs):
        """Lay scene `name` on top of the current one."""
        scene = self.make(name, *args, **kwargs)
        self.app.push(scene)
        return scene

    def go(self, name, *args, **kwargs):
        """Replace the current scene by scene `name`."""
        scene = self.make(name, *args, **kwargs)
        self.app.replace(scene)
        return scene

    def back(self) -> None:
        """Take the current scene away (the one below comes back; none: the app ends)."""
        self.app.pop()
