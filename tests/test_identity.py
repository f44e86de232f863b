"""ledger.identity: the one grammar of repository names, pull-request references and document keys,
used by ingest (--repo/--url), fetch (its targets) and every --document option."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ledger.errors import UsageError
from ledger.identity import (
    PullRef,
    comment_key,
    document_key,
    is_repo,
    names_a_readme,
    names_a_repository_file,
    parse_pull,
    parse_repo,
    parse_target,
    pull_from_url,
    review_comment_key,
    review_key,
)


@pytest.mark.parametrize(
    "name",
    [
        "NVIDIA/TensorRT-LLM",
        "vllm-project/vllm",
        "sgl-project/sglang",
        "ggml-org/llama.cpp",
        "a/b",
        "under_score/dot.name",
        "o/.github",
        "o/..x",
        "o/x..",
        "o-1/_",
        "A" * 100 + "/" + "b" * 100,
    ],
)
def test_github_repository_names(name: str) -> None:
    assert is_repo(name) and parse_repo(name) == name


@pytest.mark.parametrize(
    "name",
    [
        "owner/.",
        "owner/..",
        "./name",
        "../name",
        "owner",
        "owner/",
        "/name",
        "owner/na me",
        "owner/name/extra",
        "owner/n\u00e9",
        "own\u0435r/name",
        "owner/na#me",
        "owner/name\n",
        "A" * 101 + "/b",
        "a/" + "b" * 101,
        "",
    ],
)
def test_what_is_not_a_repository_name(name: str) -> None:
    assert not is_repo(name)
    with pytest.raises(UsageError):
        parse_repo(name)


def test_pull_references() -> None:
    assert parse_pull("NVIDIA/TensorRT-LLM#4821") == PullRef("NVIDIA/TensorRT-LLM", 4821)
    assert parse_pull("#12", repo="a/b") == PullRef("a/b", 12)
    assert parse_pull("https://github.com/vllm-project/vllm/pull/12345/files") == PullRef("vllm-project/vllm", 12345)
    assert parse_pull("https://github.com/o/n/pull/3#issuecomment-9") == PullRef("o/n", 3)
    assert parse_pull("https://ghe.example.com/team/engine/pull/9") == PullRef("team/engine", 9)
    assert parse_pull("https://api.github.com/repos/o/n/pulls/5") == PullRef("o/n", 5)
    assert parse_pull("https://ghe.example.com/api/v3/repos/o/n/pulls/6") == PullRef("o/n", 6)
    assert parse_pull("  o/n#7  ") == PullRef("o/n", 7)
    assert PullRef("o/n", 7).key == "o/n#7"
    for bad in (
        "#12",
        "o/n#0",
        "o/n#x",
        "o/.#3",
        "o/..#3",
        "https://github.com/o/../pull/3",
        "https://github.com/o/./pull/3",
        "ftp://github.com/o/n/pull/3",
        "o/n#1234567890",
        "https://github.com/o/n/issues/3",
        "not a ref",
    ):
        with pytest.raises(UsageError):
            parse_pull(bad)
    with pytest.raises(UsageError):
        parse_pull("#0", repo="a/b")
    with pytest.raises(UsageError):
        parse_pull("#3", repo="a/.")


def test_fetch_targets_and_urls() -> None:
    assert parse_target("o/n") == "o/n"
    assert parse_target("o/n#4") == PullRef("o/n", 4)
    assert pull_from_url("https://github.com/o/n/pull/4") == PullRef("o/n", 4)
    assert pull_from_url("https://github.com/o/n") is None and pull_from_url("o/n#4") is None
    with pytest.raises(UsageError, match="expected OWNER/REPO#N"):
        parse_target("owner")


def test_document_keys() -> None:
    ref = PullRef("o/n", 4)
    assert comment_key(ref, 99) == "o/n#4/comment/99"
    assert review_key(ref, 7) == "o/n#4/review/7"
    assert review_comment_key(ref, 8) == "o/n#4/review-comment/8"
    assert document_key("a/./b.txt", None, None, None) == "a/b.txt"
    assert document_key("b.txt", "o/n", 7, None) == "o/n#7"
    assert document_key("b.txt", None, 7, None) == "#7"
    assert document_key("b.txt", None, None, " https://x.test/doc ") == "https://x.test/doc"
    assert document_key("-", None, None, None) == "<stdin>"
    assert document_key("d/b.txt", "o/n", None, None) == "d/b.txt"  # the repository is no prefix of a local path
    assert document_key("d/b.txt", "o/n", None, None, repo_path="docs/b.md") == "o/n:docs/b.md"


def test_a_file_of_a_repository_reads_as_a_page_and_a_pull_request_as_a_thread() -> None:
    """A page's section states its own board (grammar.default_reach): ingest tells a page by --repo-path or by the
    `owner/name:path` key a stored version carries again (reextract), `extract` by a README's name (the parsers'
    side: test_compare_cases.py::test_a_pull_requests_benchmark_board_under_its_title_still_reaches_its_summary)."""
    assert names_a_repository_file("o/n:docs/b.md") and names_a_repository_file("b.md", repo_path="README.md")
    assert not any(map(names_a_repository_file, ("o/n#7", "https://x.test/doc", "d/b.txt", "#7", "C:/x.md")))
    assert names_a_readme("README.md") and names_a_readme("docs/readme.rst") and names_a_readme("Readme")
    assert not any(map(names_a_readme, (None, "pr-4821.md", "README-v2.md", "notes/readme_draft.md")))


def test_the_grammar_is_linear_on_hostile_text() -> None:
    start = time.process_time()
    for text in (
        "a/" + "b" * 100_000 + "#1",
        "https://" + "h" * 100_000,
        "https://h/" + "o/" * 50_000 + "pull/1",
        "https://github.com/o/n/pull/1" + "?" * 100_000,
        "#" * 100_000,
        "-" * 100_000 + "/x",
    ):
        with pytest.raises(UsageError):
            parse_pull(text)
        assert not is_repo(text)
    assert time.process_time() - start < 1.0


def test_ingest_and_fetch_share_the_rule(tmp_path: Path) -> None:
    from ledger.cli.app import app

    doc = tmp_path / "pr.md"
    doc.write_text("gsm8k 71.2\n")
    runner = CliRunner()
    for bad in ("owner/.", "owner/..", "own\u0435r/name"):  # ingest's copy of the grammar once let `owner/.` in
        result = runner.invoke(app, ["ingest", str(doc), "--repo", bad, "--pr", "3", "--db", str(tmp_path / "l.db")])
        assert result.exit_code == 2 and "--repo" in result.stderr, (bad, result.stderr)
        result = runner.invoke(app, ["fetch", f"{bad}#3", "--db", str(tmp_path / "l.db")], env={})
        assert result.exit_code == 2 and "expected OWNER/REPO#N" in result.stderr, (bad, result.stderr)
    result = runner.invoke(
        app, ["ingest", str(doc), "--url", "https://github.com/o/n/pull/5", "--db", str(tmp_path / "l.db")]
    )
    assert result.exit_code == 0 and "o/n#5" in result.stdout


def test_document_option_takes_every_form_of_a_pr_reference(tmp_path: Path) -> None:
    from ledger.cli.app import app

    doc = tmp_path / "pr.md"
    doc.write_text("gsm8k 71.2\n")
    db = str(tmp_path / "l.db")
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(doc), "--repo", "o/n", "--pr", "5", "--db", db]).exit_code == 0
    for ref in ("o/n#5", "https://github.com/o/n/pull/5", "https://github.com/o/n/pull/5/files", "#5", "5"):
        result = runner.invoke(app, ["claims", "--document", ref, "--format", "jsonl", "--db", db])
        assert result.exit_code == 0 and '"gsm8k"' in result.stdout, (ref, result.stderr)
        result = runner.invoke(app, ["show", ref, "--format", "json", "--db", db])
        assert result.exit_code == 0 and '"o/n#5"' in result.stdout, (ref, result.stderr)
