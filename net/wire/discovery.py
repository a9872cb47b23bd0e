"""Finding games on the LAN with zeroconf (mDNS/DNS-SD), asyncio API only.

The host registers `<game name> (<id>)._kolonisten._tcp.local.`; its TXT
record carries protocol version (v), game name, game id, rules, seats
("taken/total"), state (lobby/running/over), the fingerprint of the host's
key (fp) and whether a join code is needed (code).  A Browser keeps a live
table of the games it sees appear, change and vanish.  What discovery says
is only a hint: the TLS handshake decides whether a game can be joined, and
the advertised fingerprint is what the client pins (net/wire/secure.py), so a
copy advertised with another key is another game.

Anyone on the network can send mDNS packets, so a goodbye (a record with
TTL 0) is not taken at its word: the game is asked for again once the
goodbye has expired from the cache, and stays listed if it answers.

A host that goes silent without a goodbye (killed, unplugged) ages out: its
address records live HOST_TTL seconds, and every AGE_CHECK seconds the
browser asks for each listed game again, which once those records have
expired goes to the network; a game nobody answers for leaves the list.

`interfaces` is passed to zeroconf as is: a list of IPv4 addresses to
multicast on (tests use ["127.0.0.1"] only), or None for every interface.
"""

import asyncio
import logging
import socket
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from .secure import is_fingerprint, short_code

SERVICE_TYPE = "_kolonisten._tcp.local."
GOODBYE_SETTLE = 1.2        # a goodbye leaves the records in the cache for 1 s (RFC 6762 10.1)
CONFIRM_TIMEOUT_MS = 2000
HOST_TTL = 20               # seconds an advertised game's address records live in a cache
AGE_CHECK = 5.0             # seconds between the browser's checks that listed games still answer
log = logging.getLogger("kolonisten.net.discovery")


@dataclass(frozen=True)
class GameAd:
    """One advertised game, as the browser last saw it."""
    service: str
    address: str
    port: int
    version: int
    name: str
    game_id: str
    rules: str
    seats_taken: int
    seats_total: int
    state: str
    fingerprint: str = ""       # of the host's key: what a joining client pins
    join_code: bool = False     # the host wants a join code
    watchable: bool = False     # the host allows watchers (net/host/watchers.py)

    @property
    def short_code(self) -> str:
        return short_code(self.fingerprint) if is_fingerprint(self.fingerprint) else "????-????-????"

    def as_dict(self) -> dict:
        return dict(self.__dict__)


def _zeroconf(interfaces) -> AsyncZeroconf:
    from zeroconf import InterfaceChoice
    return AsyncZeroconf(interfaces=InterfaceChoice.All if interfaces is None else list(interfaces),
                         ip_version=IPVersion.V4Only)


def _local_addresses(interfaces) -> list:
    """IPv4 addresses to advertise: the given interfaces, else every
    non-loopback IPv4 address of this machine (loopback if there is none)."""
    if interfaces is not None:
        return list(interfaces)
    import ifaddr
    found = [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
             if isinstance(ip.ip, str) and not ip.ip.startswith("127.")]
    return found or ["127.0.0.1"]


def _label(text: str) -> str:
    """A DNS-SD instance label: printable, no dots, at most 63 bytes."""
    clean = "".join(c if c.isprintable() and c != "." else " " for c in text).strip() or "Kolonisten"
    while len(clean.encode()) > 63:
        clean = clean[:-1]
    return clean


class Advertiser:
    """Registers one game; `follow(txt_source)` keeps its TXT record current."""

    def __init__(self, interfaces=None):
        self.interfaces = interfaces
        self.azc = None
        self.info = None
        self._dirty = None
        self._follower = None

    async def start(self, port: int, txt: dict) -> None:
        self.azc = _zeroconf(self.interfaces)
        label = _label(f"{txt['game'][:40]} ({txt['id'][:8]})")
        self.info = AsyncServiceInfo(
            SERVICE_TYPE, f"{label}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton(a) for a in _local_addresses(self.interfaces)],
            port=port, properties=txt, server=f"kolonisten-{txt['id'][:12]}.local.", host_ttl=HOST_TTL)
        await (await self.azc.async_register_service(self.info))  # returns the broadcast task

    async def update(self, txt: dict) -> None:
        if self.info is None or self.info.properties == _encoded(txt):
            return
        self.info = AsyncServiceInfo(SERVICE_TYPE, self.info.name, addresses=self.info.addresses,
                                     port=self.info.port, properties=txt, server=self.info.server,
                                     host_ttl=HOST_TTL)
        await (await self.azc.async_update_service(self.info))

    def follow(self, txt_source) -> None:
        """Start re-advertising `txt_source()` after each `changed()` call, one
        update at a time and always the newest (each takes a moment)."""
        self._dirty = asyncio.Event()

        async def run():
            while True:
                await self._dirty.wait()
                self._dirty.clear()
                try:
                    await self.update(txt_source())
                except Exception as exc:    # discovery is a hint; the game goes on without it
                    log.warning("could not update the advertisement: %s", exc)
        self._follower = asyncio.ensure_future(run())

    def changed(self) -> None:
        """Call on the loop whenever what `follow` advertises may have changed."""
        if self._dirty is not None:
            self._dirty.set()

    async def close(self) -> None:
        if self._follower is not None:
            self._follower.cancel()
            self._follower = None
        if self.azc is not None:
            if self.info is not None:
                await (await self.azc.async_unregister_service(self.info))
            await self.azc.async_close()
            self.azc = self.info = None


def _encoded(txt: dict) -> dict:
    return {k.encode(): str(v).encode() for k, v in txt.items()}


def parse_ad(info) -> GameAd | None:
    """A GameAd from resolved service info, or None if it is not one of ours."""
    props = {(k.decode(errors="replace") if isinstance(k, bytes) else k):
             (v.decode(errors="replace") if isinstance(v, bytes) else (v or ""))
             for k, v in (info.properties or {}).items()}
    addresses = info.parsed_addresses(IPVersion.V4Only)
    try:
        taken, total = (int(x) for x in props["seats"].split("/"))
        fp = props.get("fp", "").lower()
        return GameAd(service=info.name, address=addresses[0], port=int(info.port),
                      version=int(props["v"]), name=props["game"], game_id=props["id"],
                      rules=props["rules"], seats_taken=taken, seats_total=total,
                      state=props["state"], fingerprint=fp if is_fingerprint(fp) else "",
                      join_code=props.get("code") == "1", watchable=props.get("watch") == "1")
    except (KeyError, ValueError, IndexError, TypeError):
        return None


class Browser:
    """A live table of advertised games: `games` maps service name -> GameAd.
    `on_change(games)` (optional) is called on the loop after every change."""

    def __init__(self, interfaces=None, on_change=None):
        self.interfaces = interfaces
        self.on_change = on_change
        self.games: dict = {}
        self.azc = None
        self.browser = None
        self._tasks = set()

    async def start(self) -> None:
        self.azc = _zeroconf(self.interfaces)
        self.browser = AsyncServiceBrowser(self.azc.zeroconf, [SERVICE_TYPE],
                                           handlers=[self._on_service])
        self._spawn(self._age_out())

    def _on_service(self, zeroconf, service_type, name, state_change) -> None:
        if state_change is ServiceStateChange.Removed:
            if name in self.games:
                self._spawn(self._confirm_gone(name))
            return
        self._spawn(self._resolve(name))

    def _spawn(self, coro) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _age_out(self) -> None:
        """Every AGE_CHECK seconds, ask for each listed game again (from the
        cache while its records live, else from the network): a host that
        went silent without a goodbye leaves the list."""
        while True:
            await asyncio.sleep(AGE_CHECK)
            for name in list(self.games):
                await self._confirm_gone(name, settle=0.0)

    async def _confirm_gone(self, name: str, settle: float = GOODBYE_SETTLE) -> None:
        """A goodbye arrived for `name`: ask for the game again once the
        goodbye has left the cache; only a game that does not answer goes."""
        await asyncio.sleep(settle)
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if await info.async_request(self.azc.zeroconf, CONFIRM_TIMEOUT_MS):
            ad = parse_ad(info)
            if ad is not None:
                if self.games.get(name) != ad:
                    self.games[name] = ad
                    self._changed()
                return
        if self.games.pop(name, None) is not None:
            self._changed()

    async def _resolve(self, name: str) -> None:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if not await info.async_request(self.azc.zeroconf, 3000):
            return
        ad = parse_ad(info)
        if ad is not None and self.games.get(name) != ad:
            self.games[name] = ad
            self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(dict(self.games))

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self.browser is not None:
            await self.browser.async_cancel()
        if self.azc is not None:
            await self.azc.async_close()
        self.browser = self.azc = None


async def browse(timeout: float, interfaces=None) -> list:
    """The games seen within `timeout` seconds, sorted by name."""
    browser = Browser(interfaces)
    await browser.start()
    try:
        await asyncio.sleep(timeout)
    finally:
        games = sorted(browser.games.values(), key=lambda g: (g.name, g.service))
        await browser.close()
    return games
