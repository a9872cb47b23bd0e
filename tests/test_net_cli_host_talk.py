"""`kolonisten host --headless` prints the table talk it passes on on stderr,
one line each, as `kolonisten join` prints what it hears (the same words,
game/client/talktext.py said_line), a phrase in --lang (before or after
`host`), and prints nothing of words it refuses.

The hosts as real processes, the talkers peers in the test's loop on loopback."""

import asyncio
import re

from cli_program import CliProgram
from wait_helpers import until

from net.peer.connection import handshake, open_connection
from net.peer.game import PeerGame


class HeadlessHost(CliProgram):
    """A `kolonisten host --headless` process of three seats; its stderr read into `lines`."""

    def __init__(self, *args, before=()):
        super().__init__(*before, "host", "--headless", "--players", "3", "--port", "0", "--bind", "127.0.0.1",
                         "--no-discovery", "--no-save", "--allow-watchers", *args)

    def said(self, pattern):
        """The first match of `pattern` in what the host printed, or None."""
        return next((m for m in map(re.compile(pattern).search, list(self.lines)) if m), None)

    def printed(self, line) -> bool:
        return f"kolonisten host: {line}" in self.lines

    async def peer(self, name, watch=False) -> PeerGame:
        """A peer (no player behind it) seated at this host, or watching."""
        port = int(self.said(r"on 127\.0\.0\.1:(\d+)")[1])
        pin = self.said(r"fingerprint ([0-9a-f]{64})")[1]
        game = PeerGame(send=None, name=name)
        conn = await open_connection(("127.0.0.1", port), pin=pin)
        game.send, game.pin = conn.send, conn.fingerprint
        await handshake(conn, name, None, game.handle, watch=watch)
        return game


def test_the_headless_host_prints_the_talk_it_passes_on_in_its_language():
    async def main():
        hosts = {"en": HeadlessHost("--lang", "en"), "nl": HeadlessHost(before=("--lang", "nl"))}
        try:
            assert await until(lambda: all(h.said("fingerprint") for h in hosts.values()))
            talkers = {lang: (await host.peer("Ann"), await host.peer("Wanda", watch=True))
                       for lang, host in hosts.items()}
            for ann, wanda in talkers.values():
                ann.say(phrase="good_luck")
            assert await until(lambda: hosts["en"].printed("Ann: “Good luck!”")
                               and hosts["nl"].printed("Ann: „Veel succes!”"))
            for ann, wanda in talkers.values():
                ann.say(phrase="no_such_phrase")    # refused (talk_bad): not printed
                wanda.say(text="Hallo\u202e allemaal")
            assert await until(lambda: hosts["en"].printed("Wanda (watching): “Hallo allemaal”")
                               and hosts["nl"].printed("Wanda (kijkt mee): „Hallo allemaal”"))
        finally:
            for host in hosts.values():
                host.proc.terminate()
            codes = [await host.ended() for host in hosts.values()]
        return codes, hosts

    codes, hosts = asyncio.run(main())
    assert codes == [143, 143]                      # stopped cleanly (SIGTERM)
    talk = [line for line in hosts["en"].lines if "“" in line]
    assert talk == ["kolonisten host: Ann: “Good luck!”",
                    "kolonisten host: Wanda (watching): “Hallo allemaal”"]
