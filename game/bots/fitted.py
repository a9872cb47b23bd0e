"""Weights fitted by a tool and shipped as data beside the bots (founding.json,
value_model.json): read once, one list per rule set in the model's feature
order, None where the file has none.

    WEIGHTS = FittedWeights("founding.json", lambda rules: FEATURES)
    WEIGHTS.get("base") -> list | None
    WEIGHTS.set("base", weights)        # in this process only (tests)
    WEIGHTS.write("base", weights, games=N)     # into the file (the fitting tool)
"""

import json
import os

RULES = ("base", "ck")


class FittedWeights:
    def __init__(self, file_name: str, names):
        """`names(rules)`: the model's feature names for those rules, in order."""
        self.path = os.path.join(os.path.dirname(os.path.abspath(__file__)), file_name)
        self.names = names
        self.loaded = {}

    def get(self, rules: str):
        if not self.loaded:
            try:
                with open(self.path, encoding="utf-8") as f:
                    data = json.load(f)
            except (OSError, ValueError):
                data = {}
            for name in RULES:
                weights = data.get(name, {}).get("weights")
                self.loaded[name] = (None if weights is None
                                     else [float(weights.get(f, 0.0)) for f in self.names(name)])
        return self.loaded[rules]

    def set(self, rules: str, weights) -> None:
        self.get(rules)
        self.loaded[rules] = None if weights is None else [float(w) for w in weights]

    def write(self, rules: str, weights, **info) -> None:
        """Store `weights` (in feature order) for `rules` in the file, with `info`
        (how many games or positions they were fitted on); the other rule set's stay."""
        try:
            with open(self.path, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError):
            data = {}
        data[rules] = dict(info, weights={n: round(float(w), 5) for n, w in zip(self.names(rules), weights)})
        with open(self.path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)
            f.write("\n")
        self.forget()

    def forget(self) -> None:
        """Read the file again at the next get (tests)."""
        self.loaded.clear()
