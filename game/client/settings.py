"""Player settings (language, display, the size of text and controls, sound, the seat colours' palette, the computers' speed, how long
a computer's offer waits for the person's answer, and the last new-game and
host-a-LAN-game forms' choices), kept in a small JSON file.

The file lives in $KOLONISTEN_HOME (tests point it at a temporary folder) or
~/.config/kolonisten.  A broken or missing file gives the defaults."""

import json
import os

from .theme import PALETTE_NAMES as PALETTES

DEFAULTS = {"language": "en", "fullscreen": False, "volume": 70, "muted": False,
            "computer_speed": "normal", "offer_timeout": 0, "new_game": {}, "lan_host": {},
            "ck_intro_seen": False, "palette": "standard", "ui_scale": 100}
# How fast computer players move in the window (game/client/table/computers.py).
COMPUTER_SPEEDS = ("slow", "normal", "fast", "instant")
# Seconds a computer's offer waits for the person's answer before it is
# declined for them (a countdown on the dialog); 0: as long as they need.
OFFER_TIMEOUTS = (0, 15, 30, 60)
# "Text and controls": percent of the size the window's own scale gives them
# (app.py App.scale; a choice the window cannot hold is capped there).
UI_SCALES = (100, 125, 150, 200)


def settings_path() -> str:
    home = os.environ.get("KOLONISTEN_HOME") or os.path.join(
        os.path.expanduser("~"), ".config", "kolonisten")
    return os.path.join(home, "settings.json")


def load() -> dict:
    out = dict(DEFAULTS)
    try:
        with open(settings_path(), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return out
    if isinstance(data, dict):
        if data.get("language") in ("en", "nl"):
            out["language"] = data["language"]
        if isinstance(data.get("fullscreen"), bool):
            out["fullscreen"] = data["fullscreen"]
        if type(data.get("volume")) is int and 0 <= data["volume"] <= 100:
            out["volume"] = data["volume"]
        if isinstance(data.get("muted"), bool):
            out["muted"] = data["muted"]
        if data.get("computer_speed") in COMPUTER_SPEEDS:
            out["computer_speed"] = data["computer_speed"]
        if type(data.get("offer_timeout")) is int and data["offer_timeout"] in OFFER_TIMEOUTS:
            out["offer_timeout"] = data["offer_timeout"]
        if data.get("palette") in PALETTES:
            out["palette"] = data["palette"]             # the seat colours' (theme.PALETTES)
        if type(data.get("ui_scale")) is int and data["ui_scale"] in UI_SCALES:
            out["ui_scale"] = data["ui_scale"]
        if isinstance(data.get("ck_intro_seen"), bool):
            out["ck_intro_seen"] = data["ck_intro_seen"]       # the C&K introduction was offered once
        for form in ("new_game", "lan_host"):
            if isinstance(data.get(form), dict):
                out[form] = data[form]                # checked field by field where it is read
    return out


def save(values: dict) -> str | None:
    """Write the settings; returns an error message instead of raising."""
    path = settings_path()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            json.dump({k: values.get(k, DEFAULTS[k]) for k in DEFAULTS}, f, indent=1)
    except OSError as e:
        return str(e)
    return None
