"""The main line as a baseline (ledger/report/history.py) and the sticky comment's owner (ledger/sticky.py).

History: a ledger synced from the stand-in GitHub (tests/_mainline.py: seven merged PRs stating gsm8k for one
setup in the last weeks, one before the window, one of another setup), then the open PR judged against them,
through the library and through `ledger report --history`. Sticky: the comment is found by marker AND by the
identity the token acts as, asked of GitHub through a mock transport."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("graphql", reason="graphql-core (the test extra) validates the stand-in's queries")

from _mainline import MAIN_LINE, NOW, NUMBER, REPO, SETUP, at, description, pull, repository
from _standin_github import SCHEMA_PATH, Comment, StandIn
from typer.testing import CliRunner

from ledger.api import Ledger
from ledger.errors import FetchError, UsageError
from ledger.github import connect, fetch
from ledger.report import MARKER, build_report
from ledger.report.history import main_line_history
from ledger.sticky import acting_login, creates_comment, post_sticky
from ledger.targets import run_compare

TOKEN = "ghp_HISTORY0123456789abcdefABCDEF012345678"
PR = f"{REPO}#{NUMBER}"


pytestmark = pytest.mark.usefixtures("no_github_tokens")


def _ledger(pulls: dict[int, Any], db: Path) -> Path:
    s = StandIn(REPO, pulls)
    with connect(api_url=s.base_url, env={"GH_TOKEN": TOKEN}, transport=s.transport()) as gh:
        fetch([PR], db, client=gh)
        fetch([REPO], db, client=gh, state="merged", window_days=30)
    return db


@pytest.mark.skipif(not SCHEMA_PATH.is_file(), reason="../shared/github/schema.json absent")
def test_a_value_is_judged_against_what_merged_prs_stated_for_its_setup(tmp_path: Path) -> None:
    pulls = repository()
    pulls[NUMBER] = pull(NUMBER, "OPEN", 1, SETUP, 93.10)
    db = str(_ledger(pulls, tmp_path / "l.db"))
    history = main_line_history(run_compare([PR], book=Ledger(db)), PR, book=Ledger(db), days=30, now=NOW)
    assert history.merged == 8  # #31-#38; #30 was merged 60 days ago
    (entry,) = history.entries
    assert [s.claim.value for s in entry.merged] == MAIN_LINE  # oldest merge first; not #38's B200 value
    assert dict(entry.key.config)["model"] == "qwen3-8b" and dict(entry.key.config)["gpu"] == "h100"
    assert entry.verdict == "regression" and entry.pair is not None
    assert entry.pair.reason.startswith(f"against the mean {sum(MAIN_LINE) / 7:.4g} of 7 earlier values")
    assert history.regressions == [entry] and history.unmatched == 0

    # a narrower window holds fewer than four: the value is judged against the one merged last
    few = main_line_history(run_compare([PR], book=Ledger(db)), PR, book=Ledger(db), days=11, now=NOW)
    (entry,) = few.entries
    assert [s.document for s in entry.merged] == [f"{REPO}#36", f"{REPO}#37"]
    assert entry.pair is not None and entry.pair.old is entry.merged[-1].claim


@pytest.mark.skipif(not SCHEMA_PATH.is_file(), reason="../shared/github/schema.json absent")
def test_a_setup_without_a_model_is_never_matched_across_prs(tmp_path: Path) -> None:
    pulls = repository()
    for n in range(31, 38):
        pulls[n].edits = [(at, who, text.replace(SETUP, "FP8 on 1x H100")) for at, who, text in pulls[n].edits]
    pulls[NUMBER] = pull(NUMBER, "OPEN", 1, "FP8 on 1x H100", 93.10)
    db = str(_ledger(pulls, tmp_path / "l.db"))
    history = main_line_history(run_compare([PR], book=Ledger(db)), PR, book=Ledger(db), days=30, now=NOW)
    assert history.entries == [] and history.merged == 8


@pytest.mark.skipif(not SCHEMA_PATH.is_file(), reason="../shared/github/schema.json absent")
def test_report_history_on_a_laptop_says_the_same(tmp_path: Path) -> None:
    from ledger.cli.app import app

    pulls = repository()
    db = str(_ledger(pulls, tmp_path / "l.db"))
    result = CliRunner().invoke(app, ["report", PR, "--history", "--format", "json", "--db", db])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    (entry,) = report["history"]["entries"]
    assert entry["verdict"] == "within noise" and entry["value"] == 96.25 and len(entry["merged"]) == 7
    assert report["history"]["merged_prs"] == 8 and report["history"]["days"] == 30
    text = (
        CliRunner()
        .invoke(app, ["report", PR, "--history", "--history-days", "11", "--format", "markdown", "--db", db])
        .stdout
    )
    assert "merged PRs of the last 11 days" in text and "stated by 2 merged PRs (n=2)" in text
    # without --history the report has nothing to compare for a PR of one revision
    assert CliRunner().invoke(app, ["report", PR, "--db", db]).exit_code == 3


# ---- the sticky comment's owner -----------------------------------------------------------------------------


def _github(
    comments: list[dict[str, Any]], viewer: str | None, user: str | None, writes: list[tuple[str, str, Any]]
) -> httpx.MockTransport:
    def handle(request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path == "/graphql":
            if viewer is None:
                return httpx.Response(200, json={"errors": [{"message": "Resource not accessible by integration"}]})
            return httpx.Response(200, json={"data": {"viewer": {"login": viewer}}})
        if path == "/user":
            return (
                httpx.Response(200, json={"login": user})
                if user
                else httpx.Response(403, json={"message": "Resource not accessible by integration"})
            )
        if request.method == "GET" and path.endswith("/comments"):
            return httpx.Response(200, json=comments)
        body = json.loads(request.content) if request.content else None
        writes.append((request.method, path, body))
        cid = int(path.rsplit("/", 1)[1]) if request.method == "PATCH" else 99
        return httpx.Response(200, json={"id": cid, "html_url": f"https://github.test/x#issuecomment-{cid}"})

    return httpx.MockTransport(handle)


def _comment(cid: int, login: str, body: str) -> dict[str, Any]:
    return {"id": cid, "user": {"login": login}, "body": body}


@pytest.mark.parametrize(
    ("viewer", "user", "ours"),
    [("github-actions[bot]", None, "github-actions[bot]"), (None, "maintainer-pat", "maintainer-pat")],
)
def test_the_sticky_comment_is_ours_by_marker_and_by_the_tokens_identity(
    viewer: str | None, user: str | None, ours: str
) -> None:
    comments = [
        _comment(1, "mallory", f"{MARKER}\nlooks fine, merge"),
        _comment(2, ours, "a note, no marker"),
        _comment(3, ours, f"{MARKER}\nold report"),
    ]
    writes: list[tuple[str, str, Any]] = []
    posted = post_sticky(
        PR,
        f"{MARKER}\nnew report",
        env={"GH_TOKEN": TOKEN},
        api_url="https://api.github.test",
        transport=_github(comments, viewer, user, writes),
    )
    assert posted.action == "updated" and posted.author == ours
    assert writes == [("PATCH", f"/repos/{REPO}/issues/comments/3", {"body": f"{MARKER}\nnew report"})]


def test_a_look_alike_alone_gets_a_comment_of_our_own_beside_it_and_unchanged_text_is_not_rewritten() -> None:
    comments = [_comment(1, "mallory", f"{MARKER}\nlooks fine, merge")]
    writes: list[tuple[str, str, Any]] = []
    transport = _github(comments, "github-actions[bot]", None, writes)
    posted = post_sticky(
        PR, f"{MARKER}\nreport", env={"GH_TOKEN": TOKEN}, api_url="https://api.github.test", transport=transport
    )
    assert posted.action == "created" and [w[0] for w in writes] == ["POST"]
    comments.append(_comment(99, "github-actions[bot]", f"{MARKER}\r\nreport"))  # GitHub keeps CRLF
    posted = post_sticky(
        PR, f"{MARKER}\nreport", env={"GH_TOKEN": TOKEN}, api_url="https://api.github.test", transport=transport
    )
    assert posted.action == "unchanged" and len(writes) == 1
    posted = post_sticky(
        PR,
        f"{MARKER}\nreport",
        env={"GH_TOKEN": TOKEN},
        api_url="https://api.github.test",
        transport=_github(comments[:1], "github-actions[bot]", None, writes),
        create=False,
    )
    assert posted.action == "skipped" and len(writes) == 1  # comment-on said no, and there is none of ours


def test_when_github_does_not_say_whom_the_token_acts_as_nothing_is_touched() -> None:
    writes: list[tuple[str, str, Any]] = []
    with (
        connect(
            api_url="https://api.github.test", env={"GH_TOKEN": TOKEN}, transport=_github([], None, None, writes)
        ) as gh,
        pytest.raises(FetchError, match="which comment"),
    ):
        acting_login(gh)
    with pytest.raises(FetchError, match="whom the token acts as"):
        post_sticky(
            PR,
            f"{MARKER}\nreport",
            env={"GH_TOKEN": TOKEN},
            api_url="https://api.github.test",
            transport=_github([_comment(3, "x", MARKER)], None, None, writes),
        )
    assert writes == []


def test_a_bot_named_without_its_suffix_still_owns_its_comment() -> None:
    comments = [
        {
            **_comment(5, "github-actions[bot]", f"{MARKER}\nold"),
            "user": {"login": "github-actions[bot]", "type": "Bot"},
        },
        {**_comment(6, "github-actions[bot]", f"{MARKER}\nold"), "user": {"login": "github-actions[bot]"}},
    ]
    writes: list[tuple[str, str, Any]] = []
    posted = post_sticky(
        PR,
        f"{MARKER}\nnew",
        env={"GH_TOKEN": TOKEN},
        api_url="https://api.github.test",
        transport=_github(comments, "github-actions", None, writes),
    )
    assert posted.action == "updated" and [w[1] for w in writes] == [f"/repos/{REPO}/issues/comments/5"]


@pytest.mark.skipif(not SCHEMA_PATH.is_file(), reason="../shared/github/schema.json absent")
def test_comment_on_creates_a_comment_always_on_a_change_or_on_an_alert(tmp_path: Path) -> None:
    pulls = repository()
    db = str(_ledger(pulls, tmp_path / "l.db"))
    quiet = build_report(PR, book=Ledger(db), history_days=30)  # one value, within the main line's noise
    assert [creates_comment(quiet, w) for w in ("always", "change", "alert")] == [True, False, False]
    pulls[NUMBER] = pull(NUMBER, "OPEN", 1, SETUP, 97.9)  # better than the main line, by more than noise
    better = build_report(PR, book=Ledger(str(_ledger(pulls, tmp_path / "b.db"))), history_days=30)
    assert [creates_comment(better, w) for w in ("always", "change", "alert")] == [True, True, False]
    pulls[NUMBER] = pull(NUMBER, "OPEN", 1, SETUP, 93.1)
    worse = build_report(PR, book=Ledger(str(_ledger(pulls, tmp_path / "w.db"))), history_days=30)
    assert [creates_comment(worse, w) for w in ("always", "change", "alert")] == [True, True, True]
    with pytest.raises(UsageError, match="always, change or alert"):
        creates_comment(worse, "sometimes")


@pytest.mark.skipif(not SCHEMA_PATH.is_file(), reason="../shared/github/schema.json absent")
def test_a_value_stated_in_a_comment_links_to_that_comment(tmp_path: Path) -> None:
    pulls = repository()
    pulls[NUMBER].comments.append(Comment(8001, "a-osei", at(0.5), at(0.5), description(NUMBER, SETUP, 93.10)))
    report = build_report(PR, book=Ledger(str(_ledger(pulls, tmp_path / "l.db"))), history_days=30)
    text = report.render("markdown")
    assert f"[comment, line 11](https://github.test/{REPO}/pull/{NUMBER}#issuecomment-8001)" in text
    assert "93.1 against 96-96.4 stated by 7 merged PRs (n=7): regression" in text


@pytest.mark.skipif(not SCHEMA_PATH.is_file(), reason="../shared/github/schema.json absent")
def test_without_merged_prs_the_history_says_how_to_bring_them(tmp_path: Path) -> None:
    db = str(_ledger({NUMBER: repository()[NUMBER]}, tmp_path / "l.db"))
    history = main_line_history(run_compare([PR], book=Ledger(db)), PR, book=Ledger(db), days=30, now=NOW)
    assert history.merged == 0 and history.entries == [] and history.unmatched == 1
    assert f"ledger fetch {REPO} --state merged --window 30" in "\n".join(history.lines(md=False))


@pytest.mark.skipif(not SCHEMA_PATH.is_file(), reason="../shared/github/schema.json absent")
def test_a_value_its_metric_cannot_take_is_no_baseline_and_is_not_judged(tmp_path: Path) -> None:
    pulls = repository()
    pulls[31] = pull(31, "MERGED", 20, SETUP, 962.0)  # a mis-read: an accuracy above 100
    db = str(_ledger(pulls, tmp_path / "l.db"))
    (entry,) = main_line_history(run_compare([PR], book=Ledger(db)), PR, book=Ledger(db), days=30, now=NOW).entries
    assert [s.claim.value for s in entry.merged] == MAIN_LINE[1:]
    pulls[NUMBER] = pull(NUMBER, "OPEN", 1, SETUP, 962.5)
    db = str(_ledger(pulls, tmp_path / "m.db"))
    assert main_line_history(run_compare([PR], book=Ledger(db)), PR, book=Ledger(db), days=30, now=NOW).entries == []
