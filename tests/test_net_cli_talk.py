"""`kolonisten join` (a computer's seat with --bot, or a watcher with --watch)
prints the table talk it hears on stderr, one line each, a phrase in the
chosen language: --lang for this run (before or after `join`), else the
window's language in Settings, which the command never writes.

A host in the test's loop on loopback, the joiners as real processes."""

import asyncio
import json
import os

from cli_program import CliProgram
from wait_helpers import until

from game.client import settings
from game.engine import default_config
from net.host.game import Host
from net_helpers import seat_peer


class Joiner(CliProgram):
    """A `kolonisten join` process; its stderr read into `lines` by a thread."""

    def __init__(self, host, *args, before=()):
        super().__init__(*before, "join", f"127.0.0.1:{host.port}", "--key", host.identity.fingerprint,
                         "--reconnect-for", "0", *args)

    def heard(self, line) -> bool:
        return f"kolonisten join: {line}" in self.lines


def test_join_prints_heard_talk_in_its_language_and_leaves_settings_alone():
    path = settings.settings_path()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"language": "nl"}, f)
    before = open(path, "rb").read()

    async def main():
        host = Host(default_config(players=3, seed=1), name="Talk", allow={"watchers": True})
        await host.listen("127.0.0.1", 0)
        conn, ann = await seat_peer(host, "Ann")
        joiners = {
            "settings nl": Joiner(host, "--watch", "--name", "Wendy"),
            "--lang en": Joiner(host, "--bot", "random", "--name", "Robot", "--lang", "en"),
            "nl before join": Joiner(host, "--watch", "--name", "Wim", before=("--lang", "nl")),
        }
        try:
            assert await until(lambda: len(host.watchers.conns) == 2 and host.seats_taken() == 2)
            _, wanda = await seat_peer(host, "Wanda", watch=True)
            ann.say(phrase="good_luck")
            ann_in = {"nl": "Ann: „Veel succes!”", "en": "Ann: “Good luck!”"}
            assert await until(lambda: joiners["settings nl"].heard(ann_in["nl"])
                               and joiners["--lang en"].heard(ann_in["en"])
                               and joiners["nl before join"].heard(ann_in["nl"]))
            wanda.say(text="Hallo\u202e allemaal")          # a watcher's words, cleaned
            wanda_in = {"nl": "Wanda (kijkt mee): „Hallo allemaal”",
                        "en": "Wanda (watching): “Hallo allemaal”"}
            assert await until(lambda: joiners["settings nl"].heard(wanda_in["nl"])
                               and joiners["--lang en"].heard(wanda_in["en"]))
        finally:
            for joiner in joiners.values():
                joiner.proc.terminate()
            codes = [await joiner.ended() for joiner in joiners.values()]
            await host.close()
        return codes, joiners

    codes, joiners = asyncio.run(main())
    assert codes == [143, 143, 143]                 # stopped cleanly (SIGTERM)
    talk = [line for line in joiners["--lang en"].lines if "“" in line]
    assert talk == ["kolonisten join: Ann: “Good luck!”", "kolonisten join: Wanda (watching): “Hallo allemaal”"]
    assert open(path, "rb").read() == before        # --lang is for the run only
