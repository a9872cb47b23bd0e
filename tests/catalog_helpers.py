"""Helpers of the catalog tests: a text's placeholders, and the source of the
code that looks texts up."""

import os
import re
import string

GAME = os.path.join(os.path.dirname(__file__), "..", "game")
CLIENT = os.path.join(GAME, "client")


def fields(text) -> set:
    """The placeholders of a catalog text: {"name", "n"} for "{name} has {n}"."""
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def source(folder=CLIENT) -> str:
    """The text of every .py file below `folder`, joined."""
    text = []
    for root, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".py"):
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    text.append(f.read())
    return "\n".join(text)


def literal_keys(call: str, folder=CLIENT) -> set:
    """The keys written whole as the first argument of `call` ("tr" or "trn")."""
    return set(re.findall(call + r"""\(\s*["']([a-z_]+\.[a-z_.]*[a-z])["']""", source(folder)))
