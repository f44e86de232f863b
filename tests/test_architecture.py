"""The house stays as ../shared/docs/architecture.md draws it: every import runs down the layers.

    faces     ledger/cli/, ledger/__main__.py (the command line) and ledger/web/ (the datasette plugin and
              `ledger serve`): they call the library, nothing calls them
    library   the rest of ledger/: ledger/__init__.py's face and api.py, ingest/, query, compare/, github/,
              support/, report, output/ ...
    parsers   ledger/parsers/: text in, claims out                       } side by side:
    db        ledger/db/: schema, writes, reads; it never parses          } neither imports the other
    base      ledger/model.py and ledger/vocab/ (the claim and the domain's words), and what every layer may
              use beside them: ledger/errors.py, ledger/identity.py (names of repos, PRs, documents),
              ledger/memo.py, ledger/version.py

Every import counts: at the top of a module, inside a function (the lazy imports that keep commands fast)
and under TYPE_CHECKING (a name one module needs from another is a dependency whether or not it is loaded
at run time); importing `ledger.compare.references` also runs `ledger/compare/__init__.py`, an arrow to the
package. On top of the layers: nothing imports the CLI modules, the CLI imports no ledger.db (it calls
the library), compare and db never reach the parsers by any chain of imports (they work on stored claims, never
on text: ledger.targets loads what compare compares), and no
two modules import each other, however far round (a circle has an arrow that runs up). The web view, a
plugin over the same SQLite file, may read it through ledger.db's readers.

The graph is read with `ast` from the source, so it sees what `python -c "import ledger.cli.app"` would not
load (a lazy import) and nothing a string names (importlib): the registries of lazy commands name modules
of the same or a lower layer (test_lazy_registries_name_modules_below_their_owner).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = {"ledger": "ledger"}
"""The source folder and the package it installs as: every folder below is its import name."""
BASE = ("ledger.model", "ledger.vocab", "ledger.errors", "ledger.identity", "ledger.memo", "ledger.version")
FACES, LIBRARY, PARSERS, DB, BASE_LAYER = "faces", "library", "parsers", "db", "base"
RANK = {FACES: 3, LIBRARY: 2, PARSERS: 1, DB: 1, BASE_LAYER: 0}
LONG = 340
"""'About 400 lines', counted as statements and comment lines, which no formatter changes: ruff format spreads a
call over one line per argument, so 340 of them are the 430 printed lines a module held before it was adopted. A
module longer than this says why in its docstring ("Over 400 lines because ...")."""
LONG_FUNCTION = 100
"""No function over 100 printed lines (about 60, or a comment saying why)."""


def logical_lines(text: str) -> int:
    """Statements and comment lines: the size of a module whatever its formatting."""
    n = 0
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.NEWLINE or (tok.type == tokenize.COMMENT and tok.line.lstrip().startswith("#")):
            n += 1
    return n


@dataclass(frozen=True)
class Arrow:
    source: str
    """The importing module ("ledger.compare.run")."""
    target: str
    """The imported module of ours ("ledger.compare.render")."""
    line: int
    path: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.source} -> {self.target}"


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = [*SOURCES[rel.parts[0]].split("."), *rel.parts[1:]]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_files() -> list[Path]:
    return sorted(p for folder in SOURCES for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def arrows(files: Iterable[Path]) -> list[Arrow]:
    """Every import of one of our modules, by every module of `files`."""
    files = list(files)
    ours = {module_name(p) for p in files}
    out = []
    for path in files:
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                # `from ledger.web import data` imports the module ledger.web.data; `from ledger.db import claims`
                # imports ledger.db (its face hands the name on)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in ours else base for a in node.names]
            for t in dict.fromkeys(t for target in targets for t in (target, *_packages_run(target, name))):
                if t in ours and t != name:
                    out.append(Arrow(name, t, node.lineno, str(path.relative_to(ROOT))))
    return out


def _packages_run(target: str, importer: str) -> list[str]:
    """The sub-packages whose __init__.py Python runs to import `target` ("ledger.compare" for
    "ledger.compare.references"), but not the importer's own packages nor the root `ledger` (every module
    is under it; its face imports nothing at run time)."""
    parts = target.split(".")
    return [
        p
        for p in (".".join(parts[:i]) for i in range(2, len(parts)))
        if not (importer == p or importer.startswith(p + "."))
    ]


def layer(module: str) -> str:
    def under(prefix: str) -> bool:
        return module == prefix or module.startswith(prefix + ".")

    if under("ledger.web") or module == "ledger.__main__" or under("ledger.cli"):
        return FACES
    if any(under(b) for b in BASE):
        return BASE_LAYER
    if under("ledger.parsers"):
        return PARSERS
    if under("ledger.db"):
        return DB
    return LIBRARY


def is_cli(module: str) -> bool:
    return module == "ledger.__main__" or module == "ledger.cli" or module.startswith("ledger.cli.")


def upward(graph: Iterable[Arrow]) -> list[str]:
    """Arrows from a lower layer to a higher one, or between the two sides (parsers, db) of one layer."""
    bad = []
    for a in graph:
        src, dst = layer(a.source), layer(a.target)
        if RANK[dst] > RANK[src] or (RANK[dst] == RANK[src] == 1 and src != dst):
            bad.append(f"{a}  ({src} -> {dst})")
    return bad


def circles(graph: Iterable[Arrow]) -> list[list[str]]:
    """The modules that import each other, however far round (strongly connected components of two or more)."""
    edges: dict[str, set[str]] = {}
    for a in graph:
        edges.setdefault(a.source, set()).add(a.target)
        edges.setdefault(a.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):  # Tarjan's algorithm, iteratively (no recursion limit on a deep graph)
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


GRAPH = arrows(source_files())


def test_the_graph_is_read_whole() -> None:
    """The reader sees the arrows the house is known to have (a reader that found none would pass everything)."""
    pairs = {(a.source, a.target) for a in GRAPH}
    assert ("ledger.cli.app", "ledger.ingest.run") in pairs  # a lazy import inside a command
    assert ("ledger.parsers.pipeline", "ledger.model") in pairs  # ledger/parsers/ read as ledger.parsers
    assert ("ledger.db.writes", "ledger.db.reads") in pairs
    assert ("ledger.web.views", "ledger.web.data") in pairs  # `from ledger.web import data`
    modules = {module_name(p) for p in source_files()}
    assert all(any(m == b or m.startswith(b + ".") for m in modules) for b in BASE), "a BASE entry names no module"


def test_every_import_runs_down_the_layers() -> None:
    assert upward(GRAPH) == []


def test_nothing_imports_the_cli() -> None:
    assert [str(a) for a in GRAPH if is_cli(a.target) and not is_cli(a.source)] == []


def test_the_cli_imports_no_db() -> None:
    """Every command calls the library; SQL and the database's modules stay below it."""
    assert [str(a) for a in GRAPH if is_cli(a.source) and layer(a.target) == DB] == []


def test_compare_and_db_work_on_stored_claims_never_on_text() -> None:
    assert [
        str(a) for a in GRAPH if a.source.startswith(("ledger.compare", "ledger.db")) and layer(a.target) == PARSERS
    ] == []


def reach(graph: Iterable[Arrow], start: str) -> dict[str, list[str]]:
    """Every module `start` loads by some path of imports, each with the shortest path that gets there."""
    edges: dict[str, set[str]] = {}
    for a in graph:
        edges.setdefault(a.source, set()).add(a.target)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for m in frontier:
            for t in sorted(edges.get(m, ())):
                if t not in paths:
                    paths[t] = [*paths[m], t]
                    nxt.append(t)
        frontier = nxt
    del paths[start]
    return paths


def parsers_reached(graph: list[Arrow], prefixes: tuple[str, ...]) -> list[str]:
    """The paths by which a module under `prefixes` reaches a parser module (one path per such module)."""
    sources = sorted({a.source for a in graph if a.source.startswith(prefixes)})
    out = []
    for m in sources:
        hit = next((path for target, path in reach(graph, m).items() if layer(target) == PARSERS), None)
        if hit is not None:
            out.append(" -> ".join([m, *hit[1:]]))
    return out


def test_compare_and_db_reach_no_parser_by_any_path() -> None:
    """Not only no direct arrow: no chain of imports (compare -> a loader -> ingest -> parsers) either, so that
    compare and db work on stored claims, never on text, whatever they call."""
    assert parsers_reached(GRAPH, ("ledger.compare", "ledger.db")) == []


def test_no_two_modules_import_each_other() -> None:
    assert circles(GRAPH) == []


def test_lazy_registries_name_modules_below_their_owner() -> None:
    """Modules named in strings (the CLI's lazy commands, the library face's and db's lazy names) are arrows the
    ast reader cannot see: each must be a module of ours that its owner could import."""
    modules = {module_name(p) for p in source_files()}
    lazy = (ROOT / "ledger" / "cli" / "app.py", ROOT / "ledger" / "__init__.py", ROOT / "ledger" / "db" / "__init__.py")
    for path in lazy:
        owner = module_name(path)
        named = set(re.findall(r'"(ledger(?:\.\w+)+)"', path.read_text(encoding="utf-8")))
        assert named, path
        for target in named:
            assert target in modules, (path.name, target)
            assert upward([Arrow(owner, target, 0, path.name)]) == [], (path.name, target)
            assert not is_cli(target) or is_cli(owner), (path.name, target)


def test_no_module_is_over_about_400_lines_without_a_reason() -> None:
    long = {}
    for path in source_files():
        rel = str(path.relative_to(ROOT))
        text = path.read_text(encoding="utf-8")
        n = logical_lines(text)
        if n > LONG:
            doc = ast.get_docstring(ast.parse(text)) or ""
            if "400 lines" not in doc:
                long[rel] = n
    assert long == {}, "split these, or say in the docstring why one is over 400 lines"


def test_no_function_is_over_100_lines() -> None:
    long = {}
    for path in source_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            size = (
                (node.end_lineno or 0) - node.lineno + 1
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                else 0
            )
            if size > LONG_FUNCTION:
                long[f"{path.relative_to(ROOT)}:{node.name}"] = size
    assert long == {}, "split these functions"


# ---- the checks can fail -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "target"),
    [
        ("ledger.parsers.prose.sentences", "ledger.compare.keys"),  # a parser reaching up into the library
        ("ledger.db.writes", "ledger.parsers.pipeline"),  # db parsing: sideways
        ("ledger.parsers.tables.results", "ledger.db.reads"),  # a parser touching the database
        ("ledger.model", "ledger.parsers.base"),  # the base depending on a layer above
        ("ledger.compare.run", "ledger.web.data"),  # the library calling a face
        ("ledger.errors", "ledger.query"),
    ],
)
def test_an_arrow_that_goes_up_is_caught(source: str, target: str) -> None:
    assert len(upward([Arrow(source, target, 1, "x.py")])) == 1


def test_reach_follows_every_path_however_long() -> None:
    chain = [
        Arrow("ledger.compare.run", "ledger.load", 1, "a.py"),
        Arrow("ledger.load", "ledger.ingest.x", 1, "b.py"),
        Arrow("ledger.ingest.x", "ledger.parsers.pipeline", 1, "c.py"),
        Arrow("ledger.db.reads", "ledger.errors", 1, "d.py"),
    ]
    assert parsers_reached(chain, ("ledger.compare", "ledger.db")) == [
        "ledger.compare.run -> ledger.load -> ledger.ingest.x -> ledger.parsers.pipeline"
    ]
    assert parsers_reached(chain[1:], ("ledger.compare", "ledger.db")) == []


def test_a_circle_is_caught_however_far_round() -> None:
    ring = [
        Arrow("a", "b", 1, "a.py"),
        Arrow("b", "c", 1, "b.py"),
        Arrow("c", "a", 1, "c.py"),
        Arrow("c", "d", 1, "c.py"),
    ]
    assert circles(ring) == [["a", "b", "c"]]
    assert circles(ring[1:]) == []


def test_the_reader_sees_lazy_type_only_and_relative_imports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "ledger"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "low.py").write_text("X = 1\n")
    (pkg / "sub" / "mid.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..low import X\n"
    )
    (pkg / "sub" / "top.py").write_text("def f():\n    from ledger.sub import mid\n    import ledger.low\n")
    (pkg / "other.py").write_text("from ledger.sub.mid import X\n")  # runs ledger/sub/__init__.py first
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    got = {(a.source, a.target) for a in arrows(sorted(pkg.rglob("*.py")))}
    assert got == {
        ("ledger.sub.mid", "ledger.low"),
        ("ledger.sub.top", "ledger.sub.mid"),
        ("ledger.sub.top", "ledger.low"),
        ("ledger.other", "ledger.sub.mid"),
        ("ledger.other", "ledger.sub"),
    }
