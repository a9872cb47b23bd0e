"""Waiting in tests for something that should happen soon: poll a condition
until it holds or a generous deadline passes.  The machine running the tests
may be busy (a CI runner, other work), so a deadline is never a measure of
speed; a wait that succeeds returns as soon as the condition holds, so a long
deadline costs time only when the test is failing anyway."""

import asyncio
import socket
import time

WAIT = 60.0     # seconds a test waits for something that should happen


def wait_until(predicate, timeout=WAIT, step=None, pause=0.01) -> bool:
    """Call `step()` (if given) and test `predicate()` until it holds; False
    if it still does not after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        if step is not None:
            step()
        if predicate():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(pause)


async def until(predicate, timeout=WAIT, pause=0.01) -> bool:
    """wait_until for a test running in an event loop: the loop runs on meanwhile."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(pause)
    return True


def listening(port: int) -> bool:
    """Does something accept connections on the loopback port (a host
    program started by the test, before its players are started)?"""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except OSError:
        return False
    return True


def wait_listening(proc, port: int) -> None:
    """Until the program `proc` listens on `port` (it must not end first)."""
    assert wait_until(lambda: listening(port) or proc.poll() is not None), f"nothing listens on {port}"
    assert proc.poll() is None, f"the program ended with {proc.returncode} before it listened"
