"""Every Cities & Knights rule id of RULES.md (CK-1 … CK-11) and every progress
card kind is named by at least one test in tests/test_ck_*.py (in its name,
e.g. test_CK_6_4_… or test_spy_…, or in its docstring, e.g. "CK-6.4")."""

import ast
import pathlib
import re

import pytest

from game.engine.constants import PROGRESS_NAMES

TESTS = pathlib.Path(__file__).parent
RULE_FILES = sorted(p for p in TESTS.glob("test_ck_*.py") if p.name != "test_ck_rule_ids.py")

# Sub-rules per CK section (0: the section has no sub-rules and is cited as CK-n).
SECTIONS = {1: 7, 2: 3, 3: 6, 4: 3, 5: 6, 6: 6, 7: 3, 8: 5, 9: 3, 10: 0, 11: 0}
CK_RULE_IDS = [f"CK-{sec}" if n == 0 else f"CK-{sec}.{k}"
               for sec, n in SECTIONS.items() for k in range(1, max(n, 1) + 1)]


def _texts():
    for path in RULE_FILES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                yield node.name, ast.get_docstring(node) or ""


def ids_in(text) -> set:
    """Rule ids cited by a test name or docstring."""
    named = set()
    # test_CK_8_1_to_CK_8_3 names 8.1, 8.2 and 8.3
    for a, b, c in re.findall(r"CK_(\d+)_(\d+)_to_CK_\1_(\d+)", text):
        named |= {f"CK-{a}.{k}" for k in range(int(b), int(c) + 1)}
    named |= {f"CK-{a}.{b}" for a, b in re.findall(r"CK_(\d+)_(\d+)", text)}
    named |= {f"CK-{a}" for a in re.findall(r"CK_(\d+)(?!\d|_\d)", text)}
    named |= set(re.findall(r"CK-\d+(?:\.\d+)?", text))
    return named


def named_rule_ids() -> set:
    named = set()
    for name, doc in _texts():
        named |= ids_in(name + " " + doc)
    return named


def test_citation_forms_are_read():
    assert ids_in("test_CK_8_1_to_CK_8_3_x") == {"CK-8.1", "CK-8.2", "CK-8.3"}
    assert ids_in("test_CK_4_2_and_CK_6_3_x") == {"CK-4.2", "CK-6.3"}
    assert ids_in("test_CK_10_thirteen") == {"CK-10"}
    assert ids_in("test_x CK-11, CK-9.2 and CK-1") == {"CK-11", "CK-9.2", "CK-1"}
    assert ids_in("test_CK_1_7_x") == {"CK-1.7"}


def named_cards() -> set:
    """Card names found in test names/docstrings; longer names are matched first
    and blanked out, so "merchant_fleet" does not also count as "merchant"."""
    named = set()
    for name, doc in _texts():
        text = name.lower() + " " + doc.lower().replace(" ", "_")
        for card in sorted(PROGRESS_NAMES, key=len, reverse=True):
            if card in text:
                named.add(card)
                text = text.replace(card, " ")
    return named


@pytest.mark.slow
def test_every_ck_rule_id_is_named_by_a_test():
    assert len(CK_RULE_IDS) == 44
    missing = [rule for rule in CK_RULE_IDS if rule not in named_rule_ids()]
    assert missing == []


@pytest.mark.slow
def test_every_progress_card_kind_is_named_by_a_test():
    assert len(PROGRESS_NAMES) == 25
    missing = [card for card in PROGRESS_NAMES if card not in named_cards()]
    assert missing == []


def test_ck_id_list_matches_rules_md_when_available():
    """If a copy of RULES.md is next to the code, the id list above must match it."""
    for candidate in (TESTS.parent / "RULES.md", TESTS.parent / "docs" / "RULES.md",
                      TESTS.parent.parent / "shared" / "RULES.md"):
        if candidate.exists():
            text = candidate.read_text()
            ids = set(re.findall(r"^- (CK-\d+\.\d+)", text, re.M))
            ids |= set(re.findall(r"^## (CK-\d+) ", text, re.M)) - {i.rsplit(".", 1)[0] for i in ids}
            assert sorted(ids) == sorted(CK_RULE_IDS)
            return
