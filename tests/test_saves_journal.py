"""The journal of a saved game (game/saves/journal.py): appended records,
compaction into the snapshot, and what a crash at any byte leaves behind."""

import os
import random
import signal
import subprocess
import sys
import time

import msgpack
import pytest

from game import saves
from game.bots.random_bot import RandomSeats
from game.engine import default_config
from game.engine.codec import state_hash
from game.engine.match import Authority


def _plain(commands) -> list:
    """Commands as a save holds them (tuples become lists)."""
    return msgpack.unpackb(msgpack.packb([list(c) for c in commands]))


def _play(folder, seed, commands, compact_min=None, name="game"):
    """A random base game autosaved after every command: (auth, saver, path,
    the file's size after each write)."""
    auth = Authority(default_config(rules="base", seed=seed, players=3))
    path = os.path.join(folder, name + saves.SUFFIX)
    saver = saves.Autosaver(auth, path, players=[{"name": n} for n in ("Ann", "Bo", "Cas")])
    if compact_min is not None:
        saver.COMPACT_MIN_BYTES = compact_min
    bot = RandomSeats(seed)
    sizes = []
    while auth.state.phase != 9 and len(auth.log) < commands:
        auth.submit(bot.command(auth.state))
        saver.record()
        sizes.append(os.path.getsize(path))
    return auth, saver, path, sizes


def test_each_write_appends_a_record_and_the_file_loads_whole(tmp_path):
    auth, saver, path, sizes = _play(str(tmp_path), 1, 80)
    assert all(b > a for a, b in zip(sizes, sizes[1:]))        # appended, never rewritten
    game = saves.load(path)
    assert game.damage is None
    assert game.commands == _plain(r.cmd for r in auth.log)
    assert game.hashes == saver.hashes and game.summary["commands"] == 80
    assert state_hash(saves.restore(game, verify=True).state) == state_hash(auth.state)


@pytest.mark.slow
def test_a_cut_at_any_byte_loses_at_most_the_record_being_written(tmp_path):
    """Every prefix of the file (a crash while appending) loads, with every
    command whose record was complete, and replays with its hashes."""
    auth, saver, path, sizes = _play(str(tmp_path), 2, 40)
    data = open(path, "rb").read()
    start = sizes[0]        # the first write is a snapshot: the journal starts after it
    for cut in range(start, len(data) + 1):
        game = saves.decode(data[:cut])
        whole = sum(1 for size in sizes if size <= cut)
        assert len(game.commands) == whole, cut
        assert (game.damage is None) == (cut in sizes), cut
        if game.damage is not None:
            assert game.damage.kept == whole and game.damage.lost == cut - sizes[whole - 1]
    for cut in (start, (start + len(data)) // 2, len(data) - 1):
        saves.restore(saves.decode(data[:cut]), verify=True)


def test_a_damaged_record_keeps_everything_before_it_and_the_list_says_so(tmp_path):
    auth, saver, path, sizes = _play(str(tmp_path), 3, 60)
    data = bytearray(open(path, "rb").read())
    data[sizes[40] + 30] ^= 0x10                 # inside the record of command 42
    with open(path, "wb") as f:
        f.write(data)
    game = saves.load(path)
    assert len(game.commands) == 41 and game.damage.kept == 41
    assert "damaged" in str(game.damage) and "41" in str(game.damage)
    saves.restore(game, verify=True)
    [entry] = saves.list_saves(str(tmp_path))
    assert entry.error is None and entry.game.damage is not None
    assert open(path, "rb").read() == data        # listing never repairs


def test_resuming_a_save_with_a_damaged_tail_writes_it_whole_again(tmp_path):
    auth, saver, path, sizes = _play(str(tmp_path), 4, 50)
    saver.close()
    with open(path, "r+b") as f:
        f.truncate(os.path.getsize(path) - 3)
    game = saves.load(path)
    assert len(game.commands) == 49 and game.damage is not None
    again, hashes = saves.resume(game)
    resumed = saves.Autosaver(again, path, hashes=hashes, created=game.created)
    bot = RandomSeats(99)
    for _ in range(5):
        again.submit(bot.command(again.state))
        resumed.record()
    fresh = saves.load(path)
    assert fresh.damage is None and len(fresh.commands) == 54
    assert state_hash(saves.restore(fresh).state) == state_hash(again.state)


def test_the_journal_is_folded_into_the_snapshot_as_it_grows(tmp_path):
    auth, saver, path, sizes = _play(str(tmp_path), 5, 400, compact_min=4096)
    shrunk = [i for i, (a, b) in enumerate(zip(sizes, sizes[1:])) if b < a]
    assert len(shrunk) >= 2                       # compacted more than once
    # the journal never grows past the snapshot (plus the record that tipped it over)
    assert max(sizes) < 2.5 * sizes[-1]
    game = saves.load(path)
    assert len(game.commands) == len(auth.log) and game.damage is None
    saves.restore(game, verify=True)


@pytest.mark.slow
def test_a_finished_game_ends_as_one_snapshot(tmp_path):
    auth, saver, path, sizes = _play(str(tmp_path), 6, 10 ** 6)
    assert auth.state.winner >= 0
    assert saves.encode(saves.load(path)) == open(path, "rb").read()


def test_changed_players_and_extra_are_journalled(tmp_path):
    auth, saver, path, sizes = _play(str(tmp_path), 7, 20)
    saver.players = [saver.players[0], {"name": "Bea"}, saver.players[2]]
    saver.extra = {"note": "seat 1 changed hands"}
    saver.record()                                # no new command: the change alone
    bot = RandomSeats(3)
    auth.submit(bot.command(auth.state))
    saver.record()
    game = saves.load(path)
    assert game.players[1] == {"name": "Bea"} and game.extra == {"note": "seat 1 changed hands"}
    assert len(game.commands) == 21 and game.damage is None
    size = os.path.getsize(path)
    saver.extra = {"note": "seat 1 changed hands"}        # given anew, yet the same: not written
    saver.record()
    assert os.path.getsize(path) == size


def test_a_failed_append_is_made_good_by_the_next_write(tmp_path, monkeypatch):
    auth, saver, path, sizes = _play(str(tmp_path), 8, 30)
    real_write = os.write

    def half_then_fail(fd, data):
        real_write(fd, bytes(data)[:10])
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "write", half_then_fail)
    bot = RandomSeats(4)
    auth.submit(bot.command(auth.state))
    with pytest.raises(OSError):
        saver.record()
    monkeypatch.setattr(os, "write", real_write)
    torn = saves.load(path)
    assert len(torn.commands) == 30 and torn.damage is not None     # the torn record is left out
    auth.submit(bot.command(auth.state))
    saver.record()
    game = saves.load(path)
    assert len(game.commands) == 32 and game.damage is None
    saves.restore(game, verify=True)


def test_a_record_for_the_wrong_place_is_not_applied(tmp_path):
    from game.saves import journal
    auth, saver, path, sizes = _play(str(tmp_path), 9, 10)
    with open(path, "ab") as f:
        f.write(journal.encode_record(3, [["end_turn", 0]], ["0" * 32], 1.0, {}))
    game = saves.load(path)
    assert len(game.commands) == 10 and game.damage.kept == 10


# --- a writer killed at random points --------------------------------------------------

WRITER = """
import sys
from game import saves
from game.bots.random_bot import RandomSeats
from game.engine import default_config
from game.engine.match import Authority
path, seed = sys.argv[1], int(sys.argv[2])
auth = Authority(default_config(rules="ck", seed=seed, players=4))
saver = saves.Autosaver(auth, path)
saver.COMPACT_MIN_BYTES = 3000          # compactions often, so that kills land in them too
bot = RandomSeats(seed)
while auth.state.phase != 9:
    auth.submit(bot.command(auth.state))
    saver.record()
    sys.stdout.write(f"{len(auth.log)}\\n")
    sys.stdout.flush()
"""


def _reference(seed, n):
    auth = Authority(default_config(rules="ck", seed=seed, players=4))
    bot = RandomSeats(seed)
    while len(auth.log) < n:
        auth.submit(bot.command(auth.state))
    return _plain(r.cmd for r in auth.log)


@pytest.mark.slow
def test_a_writer_killed_at_random_points_leaves_a_save_missing_at_most_one_command(tmp_path):
    rnd = random.Random(20)
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for attempt in range(6):
        seed = 100 + attempt
        path = str(tmp_path / f"killed{attempt}{saves.SUFFIX}")
        child = subprocess.Popen([sys.executable, "-c", WRITER, path, str(seed)], env=env,
                                 stdout=subprocess.PIPE, text=True)
        wanted = rnd.randrange(20, 400)             # commands to wait for, then a random moment more
        told = 0
        while told < wanted:
            line = child.stdout.readline()
            if not line:
                break
            told = int(line)
        time.sleep(rnd.random() * 0.05)
        child.send_signal(signal.SIGKILL)
        rest = child.stdout.read()
        child.wait()
        told = max([told] + [int(n) for n in rest.split()])   # reported before it died
        game = saves.load(path)
        kept = len(game.commands)
        # nothing it had reported saved is lost; at most the command it was writing
        assert told <= kept <= told + 1, (attempt, told, kept)
        assert game.commands == _reference(seed, kept)
        saves.restore(game, verify=True)


def test_replay_verify_checks_up_to_a_damaged_end_and_says_so(tmp_path, capsys):
    import json
    from game import cli
    auth, saver, path, sizes = _play(str(tmp_path), 10, 30)
    saver.close()
    with open(path, "r+b") as f:
        f.truncate(os.path.getsize(path) - 1)
    assert cli.main(["replay", path, "--verify", "--json"]) == 0
    out = capsys.readouterr()
    result = json.loads(out.out)
    assert result["commands"] == result["hashes_checked"] == 29
    assert "cut off" in result["damaged_tail"] and "cut off" in out.err


def test_the_load_list_says_when_the_end_of_a_save_is_damaged(tmp_path, monkeypatch):
    from game.client import i18n
    from game.client.scenes.load import describe, tail_note
    auth, saver, path, sizes = _play(str(tmp_path), 11, 12)
    good = saves.load(path)
    assert tail_note(good) is None
    saver.close()
    with open(path, "r+b") as f:
        f.truncate(os.path.getsize(path) - 2)
    cut = saves.load(path)
    for lang, words in (("en", "11 moves"), ("nl", "11 zetten")):
        i18n.set_language(lang)
        assert words in tail_note(cut) and i18n.tr("load.end_damaged") in describe(cut)["facts"]
    i18n.set_language("en")


def test_the_save_bench_reports_the_cost_per_command_and_its_ratio(capsys):
    import json
    from tools.bench import saves as bench
    assert bench.main(["--points", "50,300", "--repeats", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    first, last = result["points"]
    assert (first["commands"], last["commands"]) == (50, 300)
    for row in (first, last):
        assert row["append_us"] > 0 and row["flush_us"] > 0 and row["rewrite_us"] > 0 and row["cycle"] >= 1
        assert row["snapshot_bytes"] > 0 and row["record_bytes"] > 0 and row["alone_us"] > 0
        shares = row["append_us"] + row["flush_us"] / bench.PER_FLUSH + row["compact_us"] / row["cycle"]
        assert abs(row["per_command_us"] - shares) < 0.2
    assert last["snapshot_bytes"] > first["snapshot_bytes"]
    assert result["ratio"] == round(last["per_command_us"] / first["per_command_us"], 2)


def test_a_save_deleted_or_moved_under_the_game_is_written_anew(tmp_path):
    """Appending to a file that is no longer at the path would save nothing."""
    auth, saver, path, sizes = _play(str(tmp_path), 12, 20)
    os.unlink(path)
    saver.record()                                  # nothing new, yet the save is gone
    assert len(saves.load(path).commands) == 20
    os.replace(path, path + ".moved")
    bot = RandomSeats(5)
    auth.submit(bot.command(auth.state))
    saver.record()
    assert len(saves.load(path).commands) == 21 and saves.load(path).damage is None


def test_records_written_without_a_flush_look_for_the_file_once_at_the_flush(tmp_path, monkeypatch):
    """Whether the save is still at its path is asked once a flush, not for
    every record (the LAN host flushes once for many commands); a save moved
    meanwhile is written anew there whole."""
    auth, saver, path, sizes = _play(str(tmp_path), 14, 10)
    looks = []
    still_there = saver._still_there
    monkeypatch.setattr(saver, "_still_there", lambda: looks.append(1) or still_there())
    bot = RandomSeats(7)
    for _ in range(5):
        auth.submit(bot.command(auth.state))
        saver.record(flush=False)
    assert looks == []
    os.replace(path, path + ".moved")
    saver.flush()
    assert looks == [1]
    game = saves.load(path)
    assert game.commands == _plain(r.cmd for r in auth.log) and game.damage is None
    assert len(saves.load(path + ".moved").commands) == 15          # (appended to where it went)


def test_records_written_without_a_flush_are_flushed_once_for_many(tmp_path, monkeypatch):
    """The LAN host writes each command at once and flushes to the disk once
    for the commands of a short while (net/host/autosave.py FLUSH_SECONDS)."""
    auth, saver, path, sizes = _play(str(tmp_path), 13, 10)
    flushed = []
    monkeypatch.setattr(saves, "_sync_data", flushed.append)
    bot = RandomSeats(6)
    for _ in range(5):
        auth.submit(bot.command(auth.state))
        saver.record(flush=False)
    assert flushed == [] and len(saves.load(path).commands) == 15     # written, not yet flushed
    saver.flush()
    saver.flush()                                   # nothing new: no second flush
    assert len(flushed) == 1
