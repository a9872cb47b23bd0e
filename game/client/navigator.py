"""The one place that knows the scenes by name.

A scene never imports another scene to change screens: it asks the app's
navigator, e.g. `self.app.nav.go("end", controller, seconds)`.  The scenes
form a stack (app.py): `open` lays a scene on top (a menu over the table),
`go` replaces the top one (the table by the end screen), `back` takes the
top one away.  The arguments after the name are the
scene's own (its constructor's, after the app).
"""

import importlib

# Scene name -> (module under game.client, class).  A scene's module is imported
# when the scene is first made, so start-up pays only for the main menu (the
# network stack and the table load when a game opens).
SCENES = {
    "menu": ("scenes.menu", "MenuScene"), "new_game": ("scenes.newgame", "NewGameScene"),
    "load": ("scenes.load", "LoadScene"), "replay": ("scenes.replay", "ReplayScene"),
    "settings": ("scenes.settings_scene", "SettingsScene"), "rules": ("scenes.rules_screen", "RulesScreen"),
    "lan_host": ("scenes.lan_host", "LanHostScene"), "lan_join": ("scenes.lan_join", "LanJoinScene"),
    "lobby": ("scenes.lobby", "LobbyScene"), "table": ("table.scene", "TableScene"),
    "lan_table": ("scenes.lan_table", "LanTableScene"), "game_menu": ("scenes.game_menu", "GameMenuScene"),
    "end": ("scenes.end", "EndScene"), "lan_end": ("scenes.lan_table", "LanEndScene"),
    "tutorial": ("tutorial.scene", "TutorialScene"), "ck_intro": ("tutorial.intro", "CkIntroScene"),
}


def scene_class(name):
    """The class of scene `name` (KeyError for a name no scene has)."""
    module, cls = SCENES[name]
    return getattr(importlib.import_module("." + module, __package__), cls)


class Navigator:
    def __init__(self, app):
        self.app = app

    def make(self, name, *args, **kwargs):
        """The scene `name`, built for this app (not shown yet)."""
        return scene_class(name)(self.app, *args, **kwargs)

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
