"""Every base-game rule id of RULES.md (B-1 … B-9) is named by at least one test
(in its name, e.g. test_B_6_2_…, or its docstring, e.g. "B-6.2")."""

import ast
import pathlib
import re

import pytest

TESTS = pathlib.Path(__file__).parent
RULE_FILES = sorted(TESTS.glob("test_base_*.py")) + [TESTS / "test_board.py",
                                                     TESTS / "test_longest_road.py"]

# The ids of RULES.md sections B-1 … B-9 (update when RULES.md gains a rule).
RULE_COUNTS = {1: 8, 2: 6, 3: 6, 4: 3, 5: 5, 6: 6, 7: 3, 8: 6, 9: 7}
BASE_RULE_IDS = [f"B-{section}.{k}" for section, n in RULE_COUNTS.items() for k in range(1, n + 1)]


def named_rule_ids() -> set:
    named = set()
    for path in RULE_FILES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                text = node.name + " " + (ast.get_docstring(node) or "")
                named |= {f"B-{a}.{b}" for a, b in re.findall(r"B_(\d+)_(\d+)", text)}
                named |= set(re.findall(r"B-\d+\.\d+", text))
    return named


@pytest.mark.slow
def test_every_base_rule_id_is_named_by_a_test():
    assert len(BASE_RULE_IDS) == 50
    missing = [rule for rule in BASE_RULE_IDS if rule not in named_rule_ids()]
    assert missing == []


def test_rule_id_list_matches_rules_md_when_available():
    """If a copy of RULES.md is next to the code, the id list above must match it."""
    for candidate in (TESTS.parent / "RULES.md", TESTS.parent / "docs" / "RULES.md",
                      TESTS.parent.parent / "shared" / "RULES.md"):
        if candidate.exists():
            ids = re.findall(r"^- (B-\d+\.\d+)", candidate.read_text(), re.M)
            assert sorted(set(ids)) == sorted(BASE_RULE_IDS)
            return
