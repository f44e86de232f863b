"""action.yml, run step by step as GitHub's runner would (bash -eo pipefail, the step's env with its
expressions filled in) against the local stand-in GitHub: the PR is fetched, the report lands in the job
summary, and one sticky comment is created, then updated in place on the next run."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from _fake_github import NUMBER, REPO, FakeGitHub, Seen

yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "ghp_ACTIONTOKEN0123456789abcdefABCDEF0123"
MARKER = "<!-- ledger-report -->"


@dataclass
class CommentingGitHub(FakeGitHub):
    """The stand-in, also taking new issue comments (POST) and edits of them (PATCH), as GitHub does."""

    def handle(self, method: str, url: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        path = url.split("?", 1)[0].split("://", 1)[-1]
        path = path[path.find("/"):]
        h = {k.lower(): v for k, v in headers.items()}
        if method in ("POST", "PATCH"):
            with self.lock:
                self.seen.append(Seen(method, path, {}, h))
        if method in ("POST", "PATCH") and "authorization" not in h:
            return 401, {}, b'{"message": "Requires authentication"}'
        if method == "POST" and path == f"/repos/{REPO}/issues/{NUMBER}/comments":
            cid = 100_000 + len(self.comments)
            text = json.loads(body)["body"]
            with self.lock:
                self.comments.append((cid, "github-actions[bot]", "2024-05-05T00:00:00Z", text))
            return 201, {"content-type": "application/json"}, json.dumps(
                {"id": cid, "body": text, "html_url": f"https://github.test/{REPO}/pull/{NUMBER}#c{cid}"}).encode()
        m = re.fullmatch(rf"/repos/{REPO}/issues/comments/(\d+)", path)
        if method == "PATCH" and m:
            cid = int(m.group(1))
            text = json.loads(body)["body"]
            with self.lock:
                self.comments = [(i, who, at, text if i == cid else b) for i, who, at, b in self.comments]
            return 200, {"content-type": "application/json"}, json.dumps({"id": cid, "body": text}).encode()
        return super().handle(method, url, headers, body)


@pytest.fixture
def server() -> Iterator[tuple[CommentingGitHub, str]]:
    fake = CommentingGitHub()
    with fake.serve() as url:
        yield fake, url


def _fill(value: str, context: dict[str, str]) -> str:
    def one(m: re.Match[str]) -> str:
        return context[m.group(1).strip()]
    return re.sub(r"\$\{\{\s*([^}]+?)\s*\}\}", one, value)


def run_action(url: str, tmp: Path, inputs: dict[str, str] | None = None) -> list[subprocess.CompletedProcess[str]]:
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    context = {"github.token": TOKEN, "github.repository": REPO, "github.event.pull_request.number": str(NUMBER),
               "github.api_url": url, "runner.temp": str(tmp)}
    for name, spec in action["inputs"].items():
        context[f"inputs.{name}"] = _fill(str(spec.get("default", "")), context)
    for name, value in (inputs or {}).items():
        context[f"inputs.{name}"] = value
    summary = tmp / "summary.md"
    done = []
    for step in action["runs"]["steps"]:
        assert step["shell"] == "bash"
        if step["name"] == "Install the ledger":
            # The runner would pip-install the action's own checkout; here the test's environment has it.
            assert '"$GITHUB_ACTION_PATH"' in step["run"]
            continue
        env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "GITHUB_STEP_SUMMARY": str(summary),
               "GITHUB_ACTION_PATH": str(ROOT), "RUNNER_TEMP": str(tmp), "HOME": str(tmp),
               **{k: _fill(str(v), context) for k, v in (step.get("env") or {}).items()}}
        r = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], env=env,
                           capture_output=True, text=True, cwd=tmp, timeout=120)
        done.append(r)
        if r.returncode != 0:
            break
    return done


def test_the_action_reports_to_the_summary_and_keeps_one_sticky_comment(server: tuple[CommentingGitHub, str],
                                                                         tmp_path: Path) -> None:
    fake, url = server
    steps = run_action(url, tmp_path)
    assert [s.returncode for s in steps] == [0, 0, 0], [s.stderr for s in steps]
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert summary.startswith(MARKER) and f"ledger report: {REPO}#\u2060{NUMBER}" in summary  # #7 links nothing
    assert "REGRESSION" in summary  # gsm8k 71.65 -> 64.2 across the description's revisions
    ours = [c for c in fake.comments if c[3].startswith(MARKER)]
    assert len(ours) == 1 and "comment created" in steps[-1].stderr
    posts = [s for s in fake.seen if s.method == "POST" and s.path.endswith("/comments")]
    assert len(posts) == 1 and all(s.headers.get("authorization") == f"Bearer {TOKEN}" for s in posts)

    # The next push runs the action again: the same comment is updated, no second one appears.
    steps = run_action(url, tmp_path)
    assert [s.returncode for s in steps] == [0, 0, 0], [s.stderr for s in steps]
    assert len([c for c in fake.comments if c[3].startswith(MARKER)]) == 1
    assert any(s.method == "PATCH" for s in fake.seen) and "comment updated" in steps[-1].stderr
    second = (tmp_path / "summary.md").read_text(encoding="utf-8").split(MARKER)[-1]
    assert "github-actions" not in second  # the report's own comment is never read back as evidence
    assert not any(TOKEN in s.stdout + s.stderr for s in steps)


def test_fail_on_regression_fails_the_job_after_commenting(server: tuple[CommentingGitHub, str],
                                                           tmp_path: Path) -> None:
    fake, url = server
    steps = run_action(url, tmp_path, {"fail-on-regression": "true"})
    assert [s.returncode for s in steps] == [0, 0, 1]
    assert len([c for c in fake.comments if c[3].startswith(MARKER)]) == 1


def test_the_action_runs_no_code_of_the_pull_request() -> None:
    text = (ROOT / "action.yml").read_text(encoding="utf-8")
    assert "pull_request_target" in text
    assert "actions/checkout" not in text and "github.event.pull_request.head" not in text
