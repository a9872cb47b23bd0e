"""A `kolonisten` program the test starts (python -m game.cli ...), its stderr
read into `lines` by a thread while the test's event loop runs on."""

import os
import subprocess
import sys
import threading

from wait_helpers import until

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class CliProgram:
    def __init__(self, *argv):
        self.lines = []
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game.cli", *argv],
            cwd=ROOT, text=True, encoding="utf-8", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stderr:
            self.lines.append(line.rstrip("\n"))

    async def ended(self) -> int:
        """Its exit code once it ends, the test's loop running on meanwhile:
        the peers in it answer its goodbye at once (a blocked loop would keep
        it waiting as long as its close allows for the answer)."""
        await until(lambda: self.proc.poll() is not None)
        return self.proc.wait(60)
