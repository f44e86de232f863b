"""One neutraliser for every output path (ledger/neutral.py): what a document, a file name, a title or a
model name holds reaches a terminal, a PR comment, a JSON consumer or a spreadsheet as text, never as an
action. Each hostile input is written here; each test goes through the CLI as a user would.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from ledger import neutral
from ledger.cli.app import app

runner = CliRunner()

# GitHub's autolinks in a comment: a mention pings a person or a team, #N and GH-N cross-link, a bare URL links.
MENTION_RE = re.compile(r"(?<![\w`])@[A-Za-z0-9][\w-]*(?:/[\w-]+)?")
ISSUE_REF_RE = re.compile(r"(?:^|[\s(|])#\d+|\bGH-\d+", re.IGNORECASE)
BARE_URL_RE = re.compile(r"\b(?:https?|ftp)://|\bwww\.", re.IGNORECASE)
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
C1 = "".join(map(chr, range(0x80, 0xA0)))

PINGING_MD = """## Results

Final head (b7a3e2d915):

| check | result |
| --- | --- |
| @nvidia/trt-llm-reviewers gsm8k | 71.5 |
| fixes #1234 and GH-99 mmlu | 70.1 |
| see https://evil.example/x and www.evil.example gpqa | 69.0 |
| csi \u009b31m and \u202eevil\u202c arc | 66 |
"""


def run(*args: str) -> Result:
    r = runner.invoke(app, list(args))
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
    assert "Traceback" not in r.stdout + r.stderr
    return r


@pytest.fixture(scope="module")
def pinging_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("neutral")
    (folder / "results.md").write_text(PINGING_MD)
    db = folder / "l.db"
    r = run(
        "ingest",
        str(folder / "results.md"),
        "--db",
        str(db),
        "--repo",
        "example/trtllm",
        "--pr",
        "4821",
        "--title",
        "cc @nvidia/leads, closes #77, https://evil.example/t",
    )
    assert r.exit_code == 0, r.stderr
    metrics = " ".join(
        str(json.loads(line)["metric"]) for line in run("claims", "--db", str(db), "-f", "jsonl").stdout.splitlines()
    )
    for piece in ("@nvidia/trt-llm-reviewers", "#1234", "https://evil.example/x", "\u009b", "\u202e"):
        assert piece in metrics, piece  # the hostile text did reach the ledger
    return db


@pytest.mark.parametrize(
    "args",
    [
        ("claims",),
        ("claims", "--group-by", "revision"),
        ("sql", "SELECT metric, text FROM claims"),
        ("show", "example/trtllm#4821"),
    ],
)
def test_markdown_output_pings_and_links_nothing(args: tuple[str, ...], pinging_db: Path) -> None:
    out = run(*args, "--db", str(pinging_db), "-f", "markdown").stdout
    assert out.strip()
    for pattern in (MENTION_RE, ISSUE_REF_RE, BARE_URL_RE):
        assert not pattern.search(out), (pattern.pattern, pattern.search(out))
    visible = out.replace(neutral.JOINER, "").replace("\\", "")
    if args[0] != "show":
        assert "@nvidia/trt-llm-reviewers" in visible and "#1234" in visible and "https://evil.example/x" in visible
    else:
        assert "@nvidia/leads" in visible and "#77" in visible


@pytest.mark.parametrize(
    "args",
    [
        ("claims", "-f", "json"),
        ("claims", "-f", "jsonl"),
        ("sql", "SELECT metric FROM claims", "-f", "json"),
        ("sql", "SELECT metric FROM claims", "-f", "jsonl"),
        ("show", "example/trtllm#4821", "-f", "json"),
    ],
)
def test_json_output_escapes_c1_and_bidi_controls(args: tuple[str, ...], pinging_db: Path) -> None:
    out = run(*args, "--db", str(pinging_db)).stdout
    assert not any(ch in out for ch in C1 + BIDI), [hex(ord(ch)) for ch in out if ch in C1 + BIDI]
    text = json.dumps([json.loads(line) for line in out.splitlines()] if "jsonl" in args else json.loads(out))
    if args[0] != "show":
        assert "\\u009b" in text and "\\u202e" in text  # escaped, not lost: the value is the same


@pytest.mark.parametrize(
    "args", [("claims",), ("sql", "SELECT metric, text FROM claims"), ("support",), ("show", "example/trtllm#4821")]
)
def test_terminal_tables_drop_bidi_overrides(args: tuple[str, ...], pinging_db: Path) -> None:
    out = run(*args, "--db", str(pinging_db)).stdout
    assert out.strip()
    assert not any(ch in out for ch in C1 + BIDI), [hex(ord(ch)) for ch in out if ch in C1 + BIDI]


def test_file_names_reach_output_neutralised(tmp_path: Path) -> None:
    """A newline in a file name cannot forge a summary line; an OSC 8 hyperlink in one is not sent."""
    folder = tmp_path / "docs"
    folder.mkdir()
    forged = "x.md\nnew         evil#1 v1  sha256 000000000000  99 claims  (ok.md"
    osc = "\x1b]8;;https:\u2215\u2215evil.example\x07link\x1b]8;;\x07\u202e.md"
    for name in (forged, osc):
        (folder / name).write_text(PINGING_MD)
    r = run("ingest", str(folder), "--db", str(tmp_path / "l.db"))
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("new ") for line in lines), lines
    assert not any(line.startswith("new         evil#1") for line in lines)
    for stream in (r.stdout, r.stderr):
        assert "\x1b" not in stream and "\x07" not in stream and "\u202e" not in stream
    r = run("claims", "--db", str(tmp_path / "l.db"), "-f", "markdown")
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout


def test_undecodable_name_prints_escaped() -> None:
    name = os.fsdecode(b"caf\xe9\xff.md")
    assert neutral.terminal(name) == "caf\\xe9\\xff.md"
    assert neutral.markdown(name) == "caf\\\\xe9\\\\xff.md"
    assert json.loads(neutral.json_text(json.dumps(name, ensure_ascii=False))) == name


def test_neutralised_text_is_still_the_text() -> None:
    """Neutralising changes how text acts, not what it says: remove what was added and the words are there."""
    s = "cc @org/team: fixes #12 (GH-3), see https://x.example and www.y.example"
    md = neutral.markdown(s)
    assert not MENTION_RE.search(md) and not ISSUE_REF_RE.search(md) and not BARE_URL_RE.search(md)
    assert md.replace(neutral.JOINER, "") == s
    assert neutral.terminal("a\x1b[2Jb\u202ec\nd") == "a\ufffd[2Jb\ufffdc d"
    assert json.loads(neutral.json_text(json.dumps("\u009b\u202e\u2028", ensure_ascii=False))) == "\u009b\u202e\u2028"


@pytest.mark.parametrize("fmt", ["json", "table", "markdown"])
def test_lone_surrogate_in_claims_jsonl_does_not_crash_compare(fmt: str, tmp_path: Path) -> None:
    """Claims as JSON lines may carry `\\ud800` (valid JSON, not valid Unicode): compare prints it escaped."""
    example = Path(__file__).resolve().parents[1] / "examples" / "pr-4821-v1.txt"
    before = [json.loads(line) for line in run("extract", str(example)).stdout.splitlines()]
    after = json.loads(json.dumps(before))
    hit = next(c for c in after if c.get("metric"))
    hit["metric"] += "\ud800"
    after[1]["source"]["text"] = "x\udcff"
    (tmp_path / "a.jsonl").write_text("".join(json.dumps(c) + "\n" for c in before))
    (tmp_path / "b.jsonl").write_text("".join(json.dumps(c) + "\n" for c in after))
    r = run(
        "compare", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl"), "-f", fmt, "--db", str(tmp_path / "none.db")
    )
    assert r.exit_code == 0, r.stderr
    assert not re.search("[\ud800-\udfff]", r.stdout)
    if fmt == "json":
        assert hit["metric"] in json.dumps(json.loads(r.stdout), ensure_ascii=False)


def test_reference_model_names_reach_output_neutralised(tmp_path: Path) -> None:
    """A references file is outside text too: its model names and its own name are printed neutralised."""
    refs = tmp_path / "gsm8k\x1b]0;pwned\x07.yaml"
    refs.write_text(
        "evil\x1b]8;;https:\u2215\u2215x.example\x07\u202emodel:\n  - accuracy: 64.74\n"
        "  - quant_algo: NVFP4\x1b[2J\n    accuracy: 63.71\n"
    )
    db = tmp_path / "l.db"
    r = run("references", "import", str(refs), "--benchmark", "gsm8k", "--db", str(db))
    assert r.exit_code == 0, r.stderr
    listed = run("references", "list", "--db", str(db))
    assert listed.exit_code == 0, listed.stderr
    for out in (r.stdout + r.stderr, listed.stdout):
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, repr(out)
    assert len(listed.stdout.splitlines()) == 2 and all("evil" in line for line in listed.stdout.splitlines())
