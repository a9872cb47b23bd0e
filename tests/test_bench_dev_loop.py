"""tools.bench.dev_loop: the developer's loop timed whole, each test's CPU noted."""

import pytest

from tools.bench import dev_loop


@pytest.mark.slow
def test_each_test_of_the_loop_gets_its_cpu_and_slow_ones_are_left_out(tmp_path):
    tests = tmp_path / "test_sample.py"
    tests.write_text(
        "import time, pytest\n"
        "def test_spins():\n"
        "    end = time.process_time() + 0.3\n"
        "    while time.process_time() < end:\n"
        "        pass\n"
        "def test_quick():\n"
        "    pass\n"
        "@pytest.mark.slow\n"
        "def test_left_out():\n"
        "    raise AssertionError('the loop runs no slow test')\n")
    out = dev_loop.run(0, [str(tests)])
    assert out["exit"] == 0, out["summary"]
    by_name = {node.rsplit("::", 1)[1]: cpu for cpu, node in out["rows"]}
    assert set(by_name) == {"test_spins", "test_quick"}
    assert by_name["test_spins"] >= 0.3 > by_name["test_quick"]
    assert out["rows"][0][1].endswith("test_spins")          # heaviest first
    assert out["cpu_s"] >= out["tests_cpu_s"] >= 0.3


@pytest.mark.slow
def test_the_load_it_adds_spins_beside_the_run_and_ends_with_it(tmp_path):
    tests = tmp_path / "test_idle.py"
    tests.write_text("import time\ndef test_waits():\n    time.sleep(1.0)\n")
    out = dev_loop.run(2, [str(tests)])
    assert out["exit"] == 0, out["summary"]
    # Two processes spinning for the seconds the run takes, even on a busy
    # machine, spend some of them; with no load asked for, none.
    assert out["load_cpu_s"] >= 0.5
    assert dev_loop.run(0, [str(tests)])["load_cpu_s"] == 0
