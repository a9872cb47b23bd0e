"""The import graph of game/, net/ and tools/: circles between files and
imports from a lower layer to a higher one.

    python -m tools.check.imports [--json] [--root DIR]

Every `import` and `from ... import` of a file counts, those inside functions
too (they run later, but the two files still depend on each other); relative
imports are resolved against the file's package.  `from pkg import name`
points at pkg/name.py when that file exists, else at pkg itself;
`import a.b.c` points at a/b/c.py alone (Python runs a/__init__.py and
a/b/__init__.py too, but counting that would make every package whose
__init__ gathers its modules a circle).  Only files of the three packages
are nodes; the standard library and third-party packages are ignored.

A circle is a strongly connected component of more than one file: files
that, following their imports, each reach the others.  The layers, bottom
to top, are LAYERS below; a file may import its own layer and the layers
beneath it.  Exit status 1 when there is a circle or an upward import that
ALLOWED does not list, else 0.
"""

import argparse
import ast
import json
import os
import sys
from collections import defaultdict

PACKAGES = ("game", "net", "tools")
CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Bottom to top: (name, the modules in it).  A module belongs to the layer
# of the longest entry equal to it or naming a package above it.
LAYERS = (
    ("game.engine", ("game.engine",)),
    ("game.bots, game.saves", ("game.bots", "game.saves")),
    ("net", ("net",)),
    # The client's floors.  Its ground floor (theme, catalogs, widgets, the
    # Scene interface, the controllers, the saved games' model) serves the
    # table; the guided game is a table with a guide; the scenes open tables
    # and the guided game; the window (the app and the one place naming the
    # scenes) stands on all of them.
    ("game.client", ("game.client",)),
    ("game.client.table", ("game.client.table",)),
    ("game.client.tutorial", ("game.client.tutorial",)),
    ("game.client.scenes", ("game.client.scenes",)),
    ("the client's window", ("game.client.app", "game.client.navigator", "game.client.__main__")),
    # The `kolonisten` command and its subcommands start the window, host a
    # game, replay a save or read a position: they may use every layer of the
    # game and net, and nothing in game/ or net/ calls them.  Below tools,
    # because tools/ is not installed with the game (pyproject packages
    # game* and net* only), so an entry point must never need it.
    ("game entry points", ("game.cli", "game.*_cli")),
    ("tools", ("tools",)),
)
# The package `game` itself (game/__init__.py) holds no code of a layer; it
# is put at the bottom so that anything may import it.
BOTTOM = ("game",)

# Imports the check accepts, (from module, to module): the reason.
ALLOWED = {
}


def module_name(root: str, path: str) -> str:
    """game/engine/state.py -> game.engine.state; game/engine/__init__.py -> game.engine."""
    parts = os.path.relpath(path, root)[:-len(".py")].split(os.sep)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def find_modules(root: str, packages=PACKAGES) -> dict:
    """{module name: path} of every .py file under the packages."""
    modules = {}
    for package in packages:
        for folder, dirs, files in os.walk(os.path.join(root, package)):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__pycache__")))
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    modules[module_name(root, path)] = path
    return modules


def _target(name: str, modules: dict):
    """The known module `name` stands for: itself or the nearest package above it."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str, path: str, modules: dict) -> list:
    """[(line, imported module)] of one file, function-local imports included."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    is_package = os.path.basename(path) == "__init__.py"
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[:len(package) - (node.level - 1)]
                base = ".".join(package + ([base] if base else []))
            names = []
            for alias in node.names:
                sub = f"{base}.{alias.name}" if base else alias.name
                names.append(sub if sub in modules else base)
        else:
            continue
        for name in names:
            target = _target(name, modules)
            if target is not None and target != module:
                out.append((node.lineno, target))
    return out


def layer_of(module: str):
    """The index in LAYERS of `module`'s layer, -1 for BOTTOM, None when it has none."""
    if module in BOTTOM:
        return -1
    found, longest = None, -1
    for index, (_, members) in enumerate(LAYERS):
        for member in members:
            head, star, tail = member.partition("*")
            if star:        # game.*_cli: a module right under game whose name ends so
                name = module[len(head):]
                matches = module.startswith(head) and "." not in name and name.endswith(tail)
            else:
                matches = module == member or module.startswith(member + ".")
            if matches and len(member) > longest:
                found, longest = index, len(member)
    return found


def circles(graph: dict) -> list:
    """The strongly connected components of more than one module (Tarjan's
    algorithm, iterative), each sorted, in the order of their first module."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def check(root: str, packages=PACKAGES) -> dict:
    """The whole report as plain data (what --json prints)."""
    modules = find_modules(root, packages)
    edges = sorted({(module, line, target)           # (from module, line, to module)
                    for module, path in modules.items() for line, target in imports_of(module, path, modules)})
    graph = defaultdict(set)
    for source, _, target in edges:
        graph[source].add(target)
    for module in modules:
        graph.setdefault(module, set())

    def where(module, line):
        return f"{os.path.relpath(modules[module], root)}:{line}"

    found = []
    for component in circles(graph):
        members = set(component)
        found.append({"files": component,
                      "imports": [{"at": where(s, line), "from": s, "to": t}
                                  for s, line, t in edges if s in members and t in members]})
    upward, allowed = [], []
    for source, line, target in edges:
        low, high = layer_of(source), layer_of(target)
        if low is None or high is None or high <= low:
            continue
        entry = {"at": where(source, line), "from": source, "to": target,
                 "from_layer": LAYERS[low][0] if low >= 0 else "game", "to_layer": LAYERS[high][0]}
        if (source, target) in ALLOWED:
            allowed.append(dict(entry, reason=ALLOWED[(source, target)]))
        else:
            upward.append(entry)
    return {"files": len(modules), "imports": len({(s, t) for s, _, t in edges}),
            "circles": found, "upward": upward, "allowed": allowed,
            "unlayered": sorted(m for m in modules if layer_of(m) is None)}


def print_report(report: dict) -> None:
    print(f"{report['files']} files, {report['imports']} imports between them")
    print(f"circles between files: {len(report['circles'])}")
    for number, circle in enumerate(report["circles"], 1):
        print(f"  {number}. {len(circle['files'])} files: {', '.join(circle['files'])}")
        for edge in circle["imports"]:
            print(f"       {edge['at']} imports {edge['to']}")
    print(f"imports from a lower layer to a higher one: {len(report['upward'])}")
    for edge in report["upward"]:
        print(f"  {edge['at']} ({edge['from_layer']}) imports {edge['to']} ({edge['to_layer']})")
    for edge in report["allowed"]:
        print(f"  allowed: {edge['at']} imports {edge['to']}: {edge['reason']}")
    if report["unlayered"]:
        print(f"files in no layer (add them to LAYERS): {', '.join(report['unlayered'])}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="the report as JSON")
    ap.add_argument("--root", default=CHECKOUT,
                    help="the folder holding game/, net/ and tools/ (default: this checkout)")
    args = ap.parse_args(argv)
    report = check(args.root)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_report(report)
    return 1 if report["circles"] or report["upward"] else 0


if __name__ == "__main__":
    sys.exit(main())
