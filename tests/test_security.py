"""Security: the ledger never runs what it reads and never lets a document's text act on its reader.

- `ledger sql` opens the database read-only: every write, ATTACH, extension loading and state-changing
  PRAGMA is refused with one line, and the database file is left byte-for-byte as it was.
- Every other query binds its values: filter values full of quotes, LIKE wildcards, FTS operators and
  SQL are matched literally (they find nothing in a ledger that holds no such text, rather than
  everything), and values SQLite cannot bind are one-line usage errors.
- Output of document text is neutralised: markdown escapes HTML and markdown syntax, terminal tables
  and csv carry no control characters (ESC [ ... sequences), csv cells that would start a spreadsheet
  formula get a leading apostrophe.
- Tokens are never stored: proven by tests/test_github_server.py::test_done_means (the token appears
  in no database file and no output) and tests/test_github.py::test_bad_credentials_message_does_not_carry_the_token.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from ledger.cli.app import app

# Our own writing in the real formats, with hostile text where a document's words reach the output.
RESULTS_MD = """## Results

Final head (b7a3e2d915, rebased on main 1f2e3d4c5b):

| check | result |
| --- | --- |
| =HYPERLINK("http://evil.example/x","go") gsm8k | 71.5 |
| [click](javascript:alert(1)) mmlu | 70.1 |
| **bold** `code` _it_ ~~gone~~ gpqa | 69.0 |
| \x1b]8;;http://evil.example\x1b\\\\link\x1b[31m red \x1b[2J | 68 |
| @SUM(1+1) arc | 66 |
| -2+3 hellaswag | 65 |
| <script>alert(1)</script> humaneval | 64 |
| [bold red]rich markup[/] mbpp | 63 |
| $(touch /tmp/ledger-pwned) `rm -rf x` {{7*7}} ifeval | 62 |
"""

SUPPORT_MD = """# Serving feature support

Which architectures run with which serving features.

| Architecture | Chunked prefill | FP8 KV =cmd | Spec **decoding** |
| --- | --- | --- | --- |
| LlamaForCausalLM | Yes | Yes | Yes [^1] |
| =HYPERLINK("http://x")QwenForCausalLM | Yes | No | Untested |
| [Mal](javascript:alert(1))ForCausalLM | Yes | \x1b[31mNo | Yes |
| @Evil\x1b]0;title\x07Model | No | Yes | No |

[^1]: Eagle3 drafts only.
"""

CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
runner = CliRunner()


def run(*args: str) -> Result:
    r = runner.invoke(app, list(args))
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
    assert "Traceback" not in r.stdout + r.stderr
    return r


def digest(db: Path) -> str:
    """The database file and what its write-ahead log holds (a reader may leave an empty -wal and a -shm)."""
    wal = Path(str(db) + "-wal")
    data = db.read_bytes() + (wal.read_bytes() if wal.exists() else b"")
    return hashlib.sha256(data).hexdigest()


@pytest.fixture(scope="module")
def ledger_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("security")
    (folder / "results.md").write_text(RESULTS_MD)
    (folder / "support.md").write_text(SUPPORT_MD)
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
        "FP8 KV \x1b[2J\x1b]0;pwned\x07 <script>alert(1)</script>",
    )
    assert r.exit_code == 0, r.stderr
    assert run("ingest", str(folder / "support.md"), "--db", str(db)).exit_code == 0
    return db


def jsonl(r: Result) -> list[dict[str, object]]:
    assert r.exit_code == 0, r.stderr
    return [json.loads(line) for line in r.stdout.splitlines() if line.strip()]


def test_the_fixture_holds_the_hostile_text(ledger_db: Path) -> None:
    """The tests below mean something only if the hostile text did reach the ledger."""
    metrics = " ".join(str(c["metric"]) for c in jsonl(run("claims", "--db", str(ledger_db), "-f", "jsonl")))
    for piece in ("=HYPERLINK", "(javascript:alert(1))", "\x1b[31m", "@SUM", "-2+3", "[bold red]", "$(touch"):
        assert piece in metrics, piece
    subjects = {str(c["subject"]) for c in jsonl(run("support", "--db", str(ledger_db), "-f", "jsonl"))}
    assert any(s.startswith("=HYPERLINK") for s in subjects) and any("\x1b]0;" in s for s in subjects)
    assert not Path("/tmp/ledger-pwned").exists()  # nothing in a document is run


# ---- ledger sql: read-only --------------------------------------------------------------------------------------

REFUSED = [
    "INSERT INTO documents (key, created_at) VALUES ('x', 'y')",
    "UPDATE claims SET value = 0",
    "DELETE FROM claims",
    "REPLACE INTO documents (key, created_at) VALUES ('x', 'y')",
    "WITH x AS (SELECT 1) INSERT INTO documents (key, created_at) SELECT 'a', 'b' FROM x",
    "INSERT INTO claims_fts (claims_fts) VALUES ('rebuild')",
    "DROP TABLE claims",
    "CREATE TABLE t (x)",
    "CREATE TEMP TABLE t (x)",
    "CREATE TRIGGER t AFTER INSERT ON claims BEGIN SELECT 1; END",
    "ALTER TABLE claims ADD COLUMN evil TEXT",
    "ATTACH DATABASE '{other}' AS o",
    "DETACH main",
    "SELECT load_extension('{other}')",
    "SELECT fts3_tokenizer('simple')",
    "PRAGMA user_version = 42",
    "PRAGMA journal_mode = DELETE",
    "PRAGMA writable_schema = ON",
    "PRAGMA query_only = OFF",
    "PRAGMA wal_checkpoint(TRUNCATE)",
    "VACUUM",
    "VACUUM INTO '{other}'",
    "REINDEX",
    "ANALYZE",
    "BEGIN IMMEDIATE",
    "SELECT 1; DELETE FROM claims",
]


@pytest.mark.parametrize("statement", REFUSED)
def test_sql_refuses_every_write(statement: str, ledger_db: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    before = digest(ledger_db)
    r = run("sql", statement.format(other=other), "--db", str(ledger_db))
    assert r.exit_code == 2
    assert r.stderr.startswith("ledger: sql:") and r.stderr.count("\n") == 1, r.stderr
    assert digest(ledger_db) == before
    assert not other.exists()


def test_sql_still_reads(ledger_db: Path) -> None:
    for statement in (
        "SELECT COUNT(*) AS n FROM claims",
        "WITH x AS (SELECT kind FROM claims) SELECT * FROM x",
        "PRAGMA table_info(claims)",
        "SELECT * FROM pragma_table_info('claims')",
        "PRAGMA user_version",
        "SELECT rowid FROM claims_fts WHERE claims_fts MATCH 'gsm8k'",
    ):
        r = run("sql", statement, "--db", str(ledger_db), "-f", "jsonl")
        assert r.exit_code == 0 and r.stdout.strip(), (statement, r.stderr)


def test_sql_runaway_query_is_stopped(ledger_db: Path) -> None:
    r = run(
        "sql",
        "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT COUNT(*) FROM r",
        "--db",
        str(ledger_db),
        "--timeout",
        "0.3",
    )
    assert r.exit_code == 2 and "stopped after 0.3 s" in r.stderr


# ---- every other query binds its values ------------------------------------------------------------------------

HOSTILE_VALUES = [
    "x' OR '1'='1",
    "' OR 1=1 --",
    "'; DROP TABLE claims; --",
    '" OR ""="',
    "') UNION SELECT * FROM documents --",
    "%",
    "_",
    "%%",
    "%_%",
    "\\",
    "\\%",
    "[a-z]*",
    "*' OR '*",
    "zzz OR gsm8k",
    "gsm8k NOT zzz",
    "NEAR(gsm8k zzz)",
    "zzz*",
    '"zzz" OR "gsm8k"',
    "-zzz",
    "metric:gsm8k",
    "^zzz",
    "(((",
    ")))",
    "{",
    "\x00",
    "a\x00b",
    "%\x00",
    "\u202e",
    "é" * 500,
    "1e999",
    "-999999",
]
CLAIM_FILTERS = ["--metric", "--kind", "--revision", "--search", "--repo", "--config", "--document"]
SUPPORT_FILTERS = ["--subject", "--feature", "--value", "--document"]


def _one_line_or_rows(r: Result) -> list[dict[str, object]]:
    assert r.exit_code in (0, 2), r.stderr
    if r.exit_code == 2:
        assert r.stderr.startswith("ledger: ") and r.stderr.count("\n") == 1, r.stderr
        return []
    return jsonl(r)


@pytest.mark.parametrize("option", CLAIM_FILTERS)
def test_claims_filters_are_literal(option: str, ledger_db: Path) -> None:
    before = digest(ledger_db)
    everything = jsonl(run("claims", "--db", str(ledger_db), "-f", "jsonl"))
    assert len(everything) >= 9
    for value in HOSTILE_VALUES:
        arg = f"{value}={value}" if option == "--config" else value
        rows = _one_line_or_rows(run("claims", "--db", str(ledger_db), "-f", "jsonl", option, arg))
        assert rows == [], (option, value, len(rows))  # no text in the ledger matches these literally
    for fmt in ("table", "markdown", "csv", "json"):
        assert run("claims", "--db", str(ledger_db), "-f", fmt, option, "x' OR '1'='1").exit_code in (0, 2)
    assert digest(ledger_db) == before


@pytest.mark.parametrize("option", SUPPORT_FILTERS)
def test_support_filters_are_literal(option: str, ledger_db: Path) -> None:
    before = digest(ledger_db)
    assert len(jsonl(run("support", "--db", str(ledger_db), "-f", "jsonl"))) >= 10
    for value in HOSTILE_VALUES:
        rows = _one_line_or_rows(run("support", "--db", str(ledger_db), "-f", "jsonl", option, value))
        assert rows == [], (option, value, len(rows))
    assert digest(ledger_db) == before


def test_wildcards_and_operators_work_only_where_documented(ledger_db: Path) -> None:
    db = str(ledger_db)
    assert len(jsonl(run("claims", "--db", db, "-f", "jsonl", "--metric", "*gsm8k*"))) == 1  # '*' is the wildcard
    assert len(jsonl(run("claims", "--db", db, "-f", "jsonl", "--search", "gsm8k"))) == 1
    assert jsonl(run("claims", "--db", db, "-f", "jsonl", "--search", "gsm8k OR zzz")) == []  # OR is a word
    hyper = jsonl(run("support", "--db", db, "-f", "jsonl", "--subject", '=HYPERLINK("'))
    assert len(hyper) == 3  # quotes are plain characters in a substring match
    assert len(jsonl(run("support", "--db", db, "-f", "jsonl", "--subject", "[Mal](javascript"))) == 2


@pytest.mark.parametrize(
    "args",
    [
        ("claims", "--pr", str(2**70)),
        ("claims", "--pr", str(-(2**70))),
        ("claims", "--limit", str(2**70)),
        ("claims", "--doc-version", str(2**70)),
        ("show", str(2**70)),
        ("claims", "--metric", "\udcff"),
        ("claims", "--search", "\udcff"),
        ("claims", "--config", "\udcff=1"),
        ("support", "--subject", "\udcff"),
        ("show", "\udcff"),
        ("sql", "SELECT '\udcff'"),
    ],
)
def test_values_sqlite_cannot_bind_are_one_line_errors(args: tuple[str, ...], ledger_db: Path) -> None:
    """A number past 64 bits, or an argument with undecodable bytes (a lone surrogate in sys.argv)."""
    r = run(*args, "--db", str(ledger_db))
    assert r.exit_code == 2 and r.stderr.startswith("ledger: ") and r.stderr.count("\n") == 1, r.stderr


# ---- output neutralises document text ---------------------------------------------------------------------------

HTML_RE = re.compile(r"<\s*/?\s*(?:script|img|b|a|iframe|svg)\b", re.IGNORECASE)


def _markdown_cells(line: str) -> list[str]:
    return re.split(r"(?<!\\)\|", line.strip())[1:-1]


@pytest.mark.parametrize(
    "args",
    [
        ("claims",),
        ("claims", "--group-by", "kind"),
        ("support",),
        ("sql", "SELECT metric, subject, feature, text FROM claims"),
    ],
)
def test_markdown_escapes_html_and_markdown(args: tuple[str, ...], ledger_db: Path) -> None:
    out = run(*args, "--db", str(ledger_db), "-f", "markdown").stdout
    assert not CONTROL_RE.search(out.replace("\n", ""))
    assert not HTML_RE.search(out)
    for live in ("[click](", "[Mal](", "**bold**", "`code`", "~~gone~~", "_it_"):
        assert live not in out, live
    assert "\\[click\\](javascript:alert(1))" in out or "\\[Mal\\](javascript:alert(1))" in out
    tables = [ln for ln in out.splitlines() if ln.startswith("|")]
    assert tables
    widths = {len(_markdown_cells(ln)) for ln in tables}
    header_widths = {len(_markdown_cells(ln)) for ln in tables if set(ln) <= set("|- ")}
    assert widths == header_widths  # no document text broke a row into more cells


def test_show_markdown_escapes_the_title(ledger_db: Path) -> None:
    out = run("show", "example/trtllm#4821", "--db", str(ledger_db), "-f", "markdown").stdout
    assert "example/trtllm#\u20604821" in out and "&lt;script&gt;" in out  # a reference that cross-links nothing
    assert not HTML_RE.search(out) and not CONTROL_RE.search(out.replace("\n", ""))


@pytest.mark.parametrize(
    "args",
    [
        ("claims",),
        ("claims", "--group-by", "revision"),
        ("support",),
        ("sql", "SELECT metric, subject, feature, text FROM claims"),
        ("show", "example/trtllm#4821"),
    ],
)
def test_terminal_table_carries_no_escape_sequences(args: tuple[str, ...], ledger_db: Path) -> None:
    out = run(*args, "--db", str(ledger_db)).stdout
    assert out.strip()
    assert not CONTROL_RE.search(out.replace("\n", "")), repr(CONTROL_RE.search(out.replace("\n", "")))
    if args[0] == "claims":
        assert "[bold" in out  # rich markup in a document is printed as text, not interpreted


def test_extract_table_carries_no_escape_sequences(tmp_path: Path) -> None:
    doc = tmp_path / "r.md"
    doc.write_text(RESULTS_MD)
    out = run("extract", str(doc), "-f", "table").stdout
    assert "71.5" in out and not CONTROL_RE.search(out.replace("\n", ""))


def _csv_cells(out: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(out)))


def _is_number(s: str) -> bool:
    try:
        float(s)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(
    "args", [("claims",), ("support",), ("sql", "SELECT metric, subject, feature, text FROM claims")]
)
def test_csv_neutralises_formulas_and_escapes(args: tuple[str, ...], ledger_db: Path) -> None:
    out = run(*args, "--db", str(ledger_db), "-f", "csv").stdout
    assert not CONTROL_RE.search(out.replace("\n", ""))
    rows = _csv_cells(out)
    assert rows
    cells = [v for row in rows for v in row.values() if v]
    for v in cells:
        assert not v.startswith(("=", "+", "-", "@", "\t", "\r")) or _is_number(v), v
    # neutralised, not lost: the text is still there after the apostrophe
    assert any(v.startswith("'=HYPERLINK(") for v in cells)
    if args[0] != "support":
        assert any(v.startswith("'@SUM(1+1)") for v in cells) and any(v.startswith("'-2+3") for v in cells)


def test_csv_keeps_plain_negative_numbers(ledger_db: Path) -> None:
    out = run(
        "sql", "SELECT -7.37 AS delta, '-5' AS text_number, '=1+1' AS formula", "--db", str(ledger_db), "-f", "csv"
    ).stdout
    assert _csv_cells(out) == [{"delta": "-7.37", "text_number": "-5", "formula": "'=1+1"}]


def test_json_output_escapes_control_characters(ledger_db: Path) -> None:
    out = run("claims", "--db", str(ledger_db), "-f", "jsonl").stdout
    assert "\x1b" not in out and "\\u001b" in out


def test_compare_output_is_neutralised(tmp_path: Path) -> None:
    v1, v2 = tmp_path / "v1.md", tmp_path / "v2.md"
    v1.write_text(RESULTS_MD)
    v2.write_text(RESULTS_MD.replace("71.5", "60.5").replace("| 68 |", "| 58 |"))
    for fmt in ("table", "markdown"):
        r = run("compare", str(v1), str(v2), "-f", fmt)
        assert r.stdout.strip(), r.stderr
        assert not CONTROL_RE.search(r.stdout.replace("\n", "")), fmt
        assert not HTML_RE.search(r.stdout), fmt
