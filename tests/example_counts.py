"""How many examples a property test tries.  Two Hypothesis profiles (loaded
in conftest.py): "ci", the thorough one (.ci/run sets CI=true), and "dev",
the quick one for the loop while working.  HYPOTHESIS_PROFILE picks one by
name.  A test that sets its own count says both: `examples(ci=..., dev=...)`,
so CI keeps the thorough count and the working loop stays short (a test that
plays several whole games counts its games the same way)."""

import os

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or (
    "ci" if os.environ.get("CI", "").lower() == "true" else "dev")
DEFAULT = {"dev": 20, "ci": 200}    # examples of a test that sets no count of its own


def examples(ci: int, dev: int) -> int:
    """The count for the profile this run loads."""
    return ci if PROFILE == "ci" else dev
