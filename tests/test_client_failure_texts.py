"""Every way joining, hosting, saving or the fair-deal check can fail reads as a
sentence in the player's language: no English system message or host detail
inside a Dutch sentence, never a bare code."""

import asyncio
import errno
import os
import socket

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.client import i18n, lantext                             # noqa: E402
from game.client.oserrors import os_reason                        # noqa: E402
from net.peer import connection as netclient                               # noqa: E402
from net.peer.connection import JoinRefused                                # noqa: E402
from net.wire.fairdice import Verdict                                  # noqa: E402
from net.wire.secure import HostKeyError                               # noqa: E402

ENGLISH_DETAIL = "ENGLISH DETAIL FROM THE HOST"


@pytest.fixture
def dutch():
    i18n.set_language("nl")
    yield
    i18n.set_language("en")


def in_both(fn):
    """fn() in English and in Dutch."""
    texts = {}
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        texts[lang] = fn()
    i18n.set_language("en")
    return texts


@pytest.mark.parametrize("code", lantext.REFUSALS + lantext.PROTOCOL_SLIPS + ("busy",))
def test_each_join_refusal_has_its_own_words_without_the_hosts_detail(code):
    exc = JoinRefused(code, ENGLISH_DETAIL, expected="K7QF-2M9X", got="AB12-CD34", why="CERT_BAD")
    texts = in_both(lambda: lantext.refusal_text(exc, "10.0.0.5"))
    assert texts["en"] != texts["nl"]
    for text in texts.values():
        assert ENGLISH_DETAIL not in text and "{" not in text
    assert code not in texts["nl"].split()          # a sentence, not the code


def test_an_unknown_refusal_code_shows_the_hosts_words_in_a_sentence():
    texts = in_both(lambda: lantext.refusal_text(JoinRefused("moon_phase", ENGLISH_DETAIL), "h"))
    assert all(ENGLISH_DETAIL in t for t in texts.values()) and texts["en"] != texts["nl"]


def test_a_key_mismatch_names_both_keys():
    exc = JoinRefused("wrong_key", ENGLISH_DETAIL, expected="K7QF-2M9X", got="AB12-CD34")
    for text in in_both(lambda: lantext.refusal_text(exc)).values():
        assert "K7QF-2M9X" in text and "AB12-CD34" in text


SYSTEM_ERRORS = [
    ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused"),
    ConnectionResetError(errno.ECONNRESET, "Connection reset by peer"),
    OSError(errno.EHOSTUNREACH, "No route to host"),
    OSError(errno.EADDRINUSE, "Address already in use"),
    PermissionError(errno.EACCES, "Permission denied"),
    OSError(errno.ENOSPC, "No space left on device"),
    OSError(errno.EROFS, "Read-only file system"),
    OSError(errno.EMFILE, "Too many open files"),
    socket.gaierror(socket.EAI_NONAME, "Name or service not known"),
    TimeoutError(),
    asyncio.TimeoutError(),
]


@pytest.mark.parametrize("exc", SYSTEM_ERRORS, ids=lambda e: type(e).__name__ + str(e.errno))
def test_common_system_errors_are_said_in_the_players_language(exc):
    texts = in_both(lambda: (os_reason(exc), lantext.refusal_text(exc, "10.0.0.5"),
                             lantext.hosting_failure_text(exc)))
    assert texts["en"][0] != texts["nl"][0]
    for reason, joining, hosting in texts.values():
        assert reason and (exc.strerror or "§") not in reason
        assert reason in joining and "10.0.0.5" in joining and reason in hosting


def test_every_address_refused_reads_as_refused():
    """'localhost' is tried as ::1 and 127.0.0.1; asyncio joins both errors."""
    exc = OSError("Multiple exceptions: [Errno 111] Connect call failed ('::1', 7999, 0, 0), "
                  "[Errno 111] Connect call failed ('127.0.0.1', 7999)")
    assert os_reason(exc) == i18n.tr("oserr.refused")


def test_an_unmapped_system_error_falls_back_to_the_systems_words():
    exc = OSError(errno.ENOEXEC, "Exec format error")
    assert os_reason(exc) == "Exec format error"


def test_a_damaged_host_key_is_said_so_and_an_unreadable_folder_by_its_cause(dutch):
    try:
        raise HostKeyError("cannot read or make the host key in /x: bad") from ValueError("bad PEM")
    except HostKeyError as exc:
        damaged = lantext.hosting_failure_text(exc)
    try:
        raise HostKeyError("cannot ...") from PermissionError(errno.EACCES, "Permission denied")
    except HostKeyError as exc:
        denied = lantext.hosting_failure_text(exc)
    assert i18n.tr("oserr.damaged_file") in damaged and i18n.tr("oserr.denied") in denied
    assert "Permission" not in denied and "PEM" not in damaged


@pytest.mark.parametrize("what", [
    "commitment", "value", "deal", "deal_own_value", "deal_changed", "no_deal", "log_unreadable",
    "log_rules", "log_short", "log", "command", "outcome", "view", "unseen", "check_failed"])
def test_every_fair_deal_verdict_has_words_in_both_languages(what):
    verdict = Verdict(False, 17, what, ENGLISH_DETAIL, 3, "roll")
    for lang in i18n.LANGUAGES:
        assert i18n.has_text(lang, "secure.fair_what." + what), (lang, what)
    texts = in_both(lambda: lantext.fair_text(verdict)[0])
    assert texts["en"] != texts["nl"]
    assert all(ENGLISH_DETAIL not in t and "{" not in t for t in texts.values())


def test_a_real_refused_connection_reads_in_dutch(dutch):
    """Nothing listens on a loopback port: the OS's English 'Connect call failed'
    stays out of the Dutch sentence."""
    with socket.socket() as s:          # a port that was free a moment ago
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(OSError) as caught:
        asyncio.run(netclient.open_connection(("127.0.0.1", port), timeout=2))
    text = lantext.refusal_text(caught.value, f"127.0.0.1:{port}")
    assert text == i18n.tr("lan.unreachable", address=f"127.0.0.1:{port}",
                           reason=i18n.tr("oserr.refused"))


def test_a_port_in_use_reads_in_dutch(dutch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with socket.socket() as s, pytest.raises(OSError) as caught:
            s.bind(taken.getsockname())
    assert lantext.hosting_failure_text(caught.value) == i18n.tr(
        "lan.cannot_host", reason=i18n.tr("oserr.port_in_use"))
