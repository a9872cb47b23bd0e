"""Many source addresses on this machine for the attack bench (tools/bench/network_attack.py).

`Addresses(n)` gives n addresses an attacker can open connections from and the
address the host listens on:

- run as root on Linux with `ip`: n network namespaces, each with one veth pair
  whose other end sits on a bridge in this namespace.  The bridge has
  BRIDGE_ADDRESS, namespace i has 10.99.0.(10+i); the namespaces have no other
  interface and no default route, so nothing they send can leave the machine,
  and IPv6 is off on every link made here (no router or neighbour multicast).
- otherwise: 127.0.0.2 … 127.0.0.(n+1), which Linux routes to the loopback
  interface without any set-up.

`socket_from(i)` makes a TCP socket bound to address i (inside its namespace).
Everything made is deleted by `close()` (use it as a context manager); names
carry this process's id, so a later run can tell leftovers of a dead run and
delete them too.  At most MAX_ADDRESSES.
"""

import ctypes
import ctypes.util
import os
import re
import shutil
import socket
import subprocess

MAX_ADDRESSES = 64
BRIDGE_ADDRESS = "10.99.0.1"
SUBNET_BITS = 24
CLONE_NEWNET = 0x40000000
PREFIX = "kcrowd"           # namespaces kcrowd<pid>n<i>, links kc<pid>b (bridge), kc<pid>v<i>


def _ip(*args, check=True) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10, check=check)


def _no_ipv6(interface: str, namespace: str | None = None) -> None:
    cmd = ["sysctl", "-q", "-w", f"net.ipv6.conf.{interface}.disable_ipv6=1"]
    if namespace:
        cmd = ["ip", "netns", "exec", namespace] + cmd
    subprocess.run(cmd, capture_output=True, timeout=10)


def namespaces_possible() -> bool:
    return (hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("ip") is not None
            and os.path.isdir("/proc/self/ns") and _libc_setns() is not None)


def _libc_setns():
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return libc.setns
    except (OSError, AttributeError):
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def delete_leftovers() -> list:
    """Delete namespaces and bridges an earlier run of this tool left behind
    (its process is gone); returns their names."""
    gone = []
    listing = _ip("netns", "list", check=False).stdout
    for name in re.findall(rf"^({PREFIX}(\d+)n\d+)", listing, re.M):
        if not _alive(int(name[1])):
            _ip("netns", "del", name[0], check=False)
            gone.append(name[0])
    for name in re.findall(r"^\d+: (kc(\d+)b)[:@]", _ip("-o", "link", "show", check=False).stdout, re.M):
        if not _alive(int(name[1])):
            _ip("link", "del", name[0], check=False)
            gone.append(name[0])
    return gone


class Addresses:
    """n source addresses (namespaces when possible and wanted, else loopback)."""

    def __init__(self, n: int, namespaces: bool = True):
        if not 1 <= n <= MAX_ADDRESSES:
            raise ValueError(f"1 to {MAX_ADDRESSES} addresses")
        self.n = n
        self.namespaces = []        # names, when namespaces are used
        self.bridge = None
        self.why_loopback = None
        self._home = None           # this process's own network namespace (a descriptor)
        self._owner = True          # made here: `close` deletes them
        if namespaces and namespaces_possible():
            try:
                self._make_namespaces()
            except (OSError, subprocess.SubprocessError) as exc:
                self.close()
                self.why_loopback = f"namespaces failed: {exc}"
        elif namespaces:
            self.why_loopback = "namespaces need root and `ip`"
        if self.namespaces:
            self.kind, self.host_address = "namespaces", BRIDGE_ADDRESS
            self.sources = [f"10.99.0.{10 + i}" for i in range(n)]
        else:
            self.kind, self.host_address = "loopback", "127.0.0.1"
            self.sources = [f"127.0.0.{2 + i}" for i in range(n)]

    def _make_namespaces(self) -> None:
        delete_leftovers()
        pid = os.getpid()
        self.bridge = f"kc{pid}b"
        _ip("link", "add", self.bridge, "type", "bridge")
        _no_ipv6(self.bridge)
        _ip("addr", "add", f"{BRIDGE_ADDRESS}/{SUBNET_BITS}", "dev", self.bridge)
        _ip("link", "set", self.bridge, "up")
        for i in range(self.n):
            name, outside, inside = f"{PREFIX}{pid}n{i}", f"kc{pid}v{i}", f"kc{pid}w{i}"
            _ip("netns", "add", name)
            self.namespaces.append(name)
            _ip("link", "add", outside, "type", "veth", "peer", "name", inside)
            _no_ipv6(outside)
            _ip("link", "set", inside, "netns", name)
            _ip("link", "set", outside, "master", self.bridge)
            _ip("link", "set", outside, "up")
            _no_ipv6(inside, name)
            _ip("-n", name, "addr", "add", f"10.99.0.{10 + i}/{SUBNET_BITS}", "dev", inside)
            _ip("-n", name, "link", "set", inside, "up")
            _ip("-n", name, "link", "set", "lo", "up")
        self._home = os.open("/proc/self/ns/net", os.O_RDONLY)

    def socket_from(self, i: int) -> socket.socket:
        """A TCP socket bound to source address i (made inside its namespace:
        a socket stays in the namespace it was made in)."""
        i %= self.n
        if not self.namespaces:
            sock = socket.socket()
            sock.bind((self.sources[i], 0))
            return sock
        setns = _libc_setns()
        fd = os.open(f"/run/netns/{self.namespaces[i]}", os.O_RDONLY)
        try:
            if setns(fd, CLONE_NEWNET) != 0:
                raise OSError(ctypes.get_errno(), "setns into the attack namespace failed")
            try:
                sock = socket.socket()
            finally:
                if setns(self._home, CLONE_NEWNET) != 0:
                    raise OSError(ctypes.get_errno(), "setns back home failed")
        finally:
            os.close(fd)
        sock.bind((self.sources[i], 0))
        return sock

    def describe(self) -> dict:
        """What a report says of them, and what `attach` needs in another process."""
        out = {"kind": self.kind, "count": self.n, "host": self.host_address,
               "sources": self.sources, "namespaces": self.namespaces}
        if self.why_loopback:
            out["why_loopback"] = self.why_loopback
        return out

    @classmethod
    def attach(cls, described: dict) -> "Addresses":
        """The addresses another process made (from its `describe()`), to open
        sockets from; closing them here deletes nothing."""
        self = cls.__new__(cls)
        self.n, self.kind = described["count"], described["kind"]
        self.host_address, self.sources = described["host"], described["sources"]
        self.namespaces, self.bridge, self.why_loopback = list(described["namespaces"]), None, None
        self._home = os.open("/proc/self/ns/net", os.O_RDONLY) if self.namespaces else None
        self._owner = False
        return self

    def close(self) -> None:
        """Delete every namespace and link made here (their veths go with them)."""
        if self._home is not None:
            os.close(self._home)
            self._home = None
        if not self._owner:
            return
        pid = os.getpid()
        for i, name in enumerate(self.namespaces):
            # the veth first: a deleted namespace's links go only when the kernel gets round to it
            _ip("link", "del", f"kc{pid}v{i}", check=False)
            _ip("netns", "del", name, check=False)
        self.namespaces = []
        if self.bridge is not None:
            _ip("link", "del", self.bridge, check=False)
            self.bridge = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
