"""action.yml, run step by step as GitHub's runner would (tests/_runner.py), the install included, against the
stand-in GitHub: a virtual environment made from the action's own files with its shipped constraints and no
network (wheels repacked from this environment, `--no-index`), the PR fetched, the merged PRs synced into a
ledger kept between runs by the cache, the report in the job summary and outputs, one sticky comment found
by its marker and its author. Also: action.yml and the README's workflow validate against the GitHub Actions
schemas check-jsonschema ships (offline)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml")

from _mainline import NUMBER, REPO, SETUP, at, description, repository  # noqa: E402
from _runner import Caches, Run, run_action, wheelhouse  # noqa: E402
from _standin_github import SCHEMA_PATH, Comment, StandIn  # noqa: E402

pytestmark = pytest.mark.xdist_group("action")  # (one worker installs the action's environment once)
ROOT = Path(__file__).resolve().parents[1]
TOKEN = "ghs_ACTIONTOKEN0123456789abcdefABCDEF0123"
BOT = "github-actions[bot]"
MARKER = "<!-- ledger-report -->"


class CommentingStandIn(StandIn):
    """The stand-in, also taking issue comments (POST) and edits of them (PATCH) by the token's identity, and
    answering whom the token acts as: GraphQL `viewer` is the bot; REST /user refuses an installation token,
    as GitHub does for GITHUB_TOKEN."""

    def __init__(self) -> None:
        super().__init__(REPO, repository(), token=TOKEN)
        self.writes: list[tuple[str, str]] = []

    def _root(self, charge: Any) -> dict[str, Any]:
        return {**super()._root(charge), "viewer": {"__typename": "Bot", "login": BOT, "id": "BOT_1"}}

    def handle(self, method: str, url: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        path = url.split("://", 1)[-1]
        path = path[path.find("/") :].split("?", 1)[0]
        h = {k.lower(): v for k, v in headers.items()}
        if method in ("POST", "PATCH") and path != "/graphql":
            with self.lock:
                self.writes.append((method, path))
            if h.get("authorization") != f"Bearer {TOKEN}":
                return 401, {}, b'{"message": "Requires authentication"}'
            pull = self.pulls[NUMBER]
            if method == "POST" and path == f"/repos/{REPO}/issues/{NUMBER}/comments":
                cid = 700_000 + len(pull.comments)
                with self.lock:
                    pull.comments.append(Comment(cid, BOT, at(0), at(0), json.loads(body)["body"]))
                return 201, {"content-type": "application/json"}, json.dumps(self._comment(cid)).encode()
            m = re.fullmatch(rf"/repos/{REPO}/issues/comments/(\d+)", path)
            mine = [c for c in pull.comments if m and c.id == int(m.group(1))]
            if method == "PATCH" and mine:
                with self.lock:
                    mine[0].body = json.loads(body)["body"]
                return 200, {"content-type": "application/json"}, json.dumps(self._comment(mine[0].id)).encode()
            return 404, {}, b'{"message": "Not Found"}'
        if method == "GET" and path == "/user":
            return 403, {"content-type": "application/json"}, b'{"message": "Resource not accessible by integration"}'
        return super().handle(method, url, headers, body)

    def _comment(self, cid: int) -> dict[str, Any]:
        c = next(c for c in self.pulls[NUMBER].comments if c.id == cid)
        return {
            "id": cid,
            "body": c.body,
            "user": {"login": c.author},
            "html_url": f"https://github.test/{REPO}/pull/{NUMBER}#issuecomment-{cid}",
        }

    def ours(self) -> list[Comment]:
        return [c for c in self.pulls[NUMBER].comments if c.author == BOT]


@pytest.fixture(scope="module")
def action_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The action's own files, as a `uses:` checks them out (a copy: the install builds in it)."""
    dest = tmp_path_factory.mktemp("action") / "pr-evidence-ledger"
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build")
    dest.mkdir()
    for name in ("action.yml", "constraints.txt", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    for folder in ("action", "ledger"):
        shutil.copytree(ROOT / folder, dest / folder, ignore=ignore)
    return dest


def _pins() -> dict[str, str]:
    lines = (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
    return dict(line.split("==", 1) for line in lines if line and not line.startswith("#"))


@pytest.fixture(scope="module")
def offline_pip(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """pip as a runner without network would have it: no index, no configuration, only local wheels."""
    from importlib.metadata import version

    differ = {n: (v, version(n)) for n, v in _pins().items() if version(n) != v}
    assert not differ, f"constraints.txt pins differ from this environment (pinned, installed): {differ}"
    house = wheelhouse([*_pins(), "setuptools"], tmp_path_factory.mktemp("wheels"))
    return {
        "PIP_NO_INDEX": "1",
        "PIP_FIND_LINKS": str(house),
        "PIP_CONFIG_FILE": "/dev/null",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }


@dataclass
class Job:
    """A repository on the stand-in with its Actions cache; `run` runs the action once, a new runner each time."""

    github: CommentingStandIn
    url: str
    action_dir: Path
    pip: dict[str, str]
    runner: Path
    caches: Caches

    def run(
        self,
        inputs: dict[str, str] | None = None,
        files: dict[str, str] | None = None,
        event: str = "pull_request_target",
    ) -> Run:
        """One run; an `issue_comment` event names the PR as its issue (github.event.issue.number)."""
        number = "issue" if event == "issue_comment" else "pull_request"
        context = {
            "github.token": TOKEN,
            "github.repository": REPO,
            "github.api_url": self.url,
            f"github.event.{number}.number": str(NUMBER),
            "github.run_id": str(len(self.caches.entries) + 1),
            "github.run_attempt": "1",
        }
        return run_action(
            self.action_dir,
            self.runner,
            self.caches,
            context,
            inputs,
            self.pip,
            warm=("Install the ledger", "ledger-venv"),
            files=files,
        )


@pytest.fixture(scope="module")
def runner_temp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """runner.temp: made anew for each run, but for the venv the first run installed (see _runner.run_action)."""
    return tmp_path_factory.mktemp("runner")


@pytest.fixture
def job(action_dir: Path, offline_pip: dict[str, str], runner_temp: Path, tmp_path: Path) -> Iterator[Job]:
    if not SCHEMA_PATH.is_file():
        pytest.skip("../shared/github/schema.json absent: the stand-in validates GraphQL against it")
    pytest.importorskip("graphql", reason="graphql-core (the test extra) validates the stand-in's queries")
    github = CommentingStandIn()
    (tmp_path / "caches").mkdir()
    with github.serve() as url:
        yield Job(github, url, action_dir, offline_pip, runner_temp, Caches(tmp_path / "caches"))


def _history(text: str) -> str:
    part = text.split("The main line", 1)[1]
    return part.split("####", 1)[0]


def test_the_action_installs_offline_comments_once_and_remembers_the_main_line(job: Job) -> None:
    github = job.github
    lookalike = Comment(555, "mallory", at(0.5), at(0.5), f"{MARKER}\nAll checks green, merge away.")
    github.pulls[NUMBER].comments.append(lookalike)

    first = job.run()
    assert first.ok, [(n, r.stderr[-2000:]) for n, r in first.steps if r is not None]
    install = dict(first.steps)["Install the ledger"]  # None: an earlier test of this module installed it
    assert install is None or install.stdout.startswith("ledger ")  # `ledger --version` from the action's venv
    assert install is None or any(k.startswith("ledger-pip-Linux-py") for k in job.caches.entries)
    # the first sync reads the merged PRs updated in the window: not #30, merged 60 days ago
    assert "8 new, 0 changed" in first.step("Sync the merged pull requests").stdout
    assert len(github.ours()) == 1 and "comment created" in first.step("Report").stderr
    assert lookalike.body == f"{MARKER}\nAll checks green, merge away."  # a look-alike by another user: untouched
    assert first.outputs["regressions"] == "0" and first.outputs["below-reference"] == "0"
    cid = github.ours()[0].id
    assert first.outputs["comment-url"].endswith(f"#issuecomment-{cid}")
    # gsm8k 96.25 judged against the seven merged PRs of the window with this setup; not #30 (60 days ago), not
    # #38 (B200)
    history = _history(first.summary)
    assert "gsm8k" in history and "96-96.4 stated by 7 merged PRs (n=7): within noise" in history
    assert "8 merged PRs" in history and "1 value(s) of this PR have a setup they stated" in history

    # The author edits the description: the next run restores the ledger, syncs the main line in one request,
    # and updates the same comment, which now flags the drop and links to where it was written.
    github.touch(NUMBER, 5, description(NUMBER, SETUP, 93.10))
    second = job.run()
    assert second.ok, [(n, r.stderr[-2000:]) for n, r in second.steps if r is not None]
    sync = second.step("Sync the merged pull requests").stdout
    assert "0 new, 0 changed" in sync and "; 1 request," in sync
    assert [c.id for c in github.ours()] == [cid] and "comment updated" in second.step("Report").stderr
    assert [m for m, p in github.writes if p.endswith(f"/comments/{lookalike.id}")] == []
    body = github.ours()[0].body
    assert body.startswith(MARKER) and "REGRESSION" in body
    assert "93.1 against 96-96.4 stated by 7 merged PRs (n=7): regression" in _history(body)
    assert re.search(rf"\[description, line \d+\]\(https://github\.test/{REPO}/pull/{NUMBER}\)", body)
    assert second.outputs["regressions"] == "2"  # across the revisions, and against the main line
    assert "mallory" not in body and TOKEN not in body

    # On a laptop, with the ledger the cache kept: the same history.
    db = [path for key, path in job.caches.entries.items() if key.startswith("ledger-db-")][-1] / "ledger.db"
    laptop = subprocess.run(
        [
            sys.executable,
            "-m",
            "ledger",
            "report",
            f"{REPO}#{NUMBER}",
            "--history",
            "--format",
            "markdown",
            "--db",
            str(db),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert laptop.returncode == 0, laptop.stderr
    assert _history(laptop.stdout) == _history(body)

    # A new comment runs it again (issue_comment: the PR is the event's issue), and thresholds from the inputs
    # change the verdict: a 5-point allowance for gsm8k calls both drops noise.
    github.pulls[NUMBER].comments.append(Comment(556, "reviewer-ly", at(0), at(0), "Thanks, reading it now."))
    third = job.run({"threshold": "gsm8k=5"}, event="issue_comment")
    assert third.ok and third.outputs["regressions"] == "0"
    assert "within noise" in _history(github.ours()[0].body)


def test_fail_on_regression_fails_the_job_after_commenting_on_the_images_python(job: Job, tmp_path: Path) -> None:
    image = subprocess.run(
        ["/usr/bin/python3", "-c", "import sys; print(sys.version_info[:2])"], capture_output=True, text=True
    ).stdout.strip()
    if image != str(sys.version_info[:2]):
        pytest.skip(f"the image's python3 is {image}, not this environment's: the repacked wheels would not fit")
    job.runner = tmp_path / "runner"  # a cold runner: the install runs again, with the image's python3
    job.github.touch(NUMBER, 5, description(NUMBER, SETUP, 93.10))
    run = job.run({"fail-on-regression": "true", "history-days": "0", "python-version": ""})
    assert dict(run.steps)["Set up Python"] is None and run.step("Install the ledger").returncode == 0
    assert not run.ok and run.step("Report").returncode == 1
    assert run.outputs["regressions"] == "1" and len(job.github.ours()) == 1
    assert [n for n, r in run.steps if r is None and "main line" in n] == [
        "Restore the ledger of the main line",
        "Save the ledger of the main line",
    ]  # history-days 0: no sync
    assert "Sync the merged pull requests" not in [n for n, r in run.steps if r is not None]


def test_comment_on_alert_posts_nothing_until_there_is_an_alert(job: Job) -> None:
    quiet = job.run({"comment-on": "alert"})
    assert quiet.ok and job.github.ours() == [] and quiet.outputs["comment-url"] == ""
    assert "comment skipped" in quiet.step("Report").stderr and MARKER in quiet.summary
    # a drop the repository's noise config allows for is still no alert; without the config it is one
    job.github.touch(NUMBER, 5, description(NUMBER, SETUP, 93.10))
    noise = {".github/ledger-noise.toml": "[thresholds]\ngsm8k = 5.0\n"}
    allowed = job.run({"comment-on": "alert", "config": ".github/ledger-noise.toml"}, files=noise)
    assert allowed.ok and job.github.ours() == [] and allowed.outputs["regressions"] == "0"
    alert = job.run({"comment-on": "alert"})
    assert alert.ok and len(job.github.ours()) == 1 and alert.outputs["regressions"] == "2"


# ---- the schemas ----------------------------------------------------------------------------------------------


def readme_workflow() -> str:
    """The workflow the README's Action section gives to paste."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### GitHub Action", 1)[1]
    m = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert m, "the README's Action section has no yaml block"
    return m.group(1)


def check_jsonschema(schema: str, text: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    """check-jsonschema itself on `text`, with one of the schemas it ships (offline: no download, no cache)."""
    pytest.importorskip("check_jsonschema")
    path = tmp / f"{schema}.yml"
    path.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", f"vendor.{schema}", "--no-cache", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_action_yml_and_the_readme_workflow_validate_against_the_github_schemas(tmp_path: Path) -> None:
    action = (ROOT / "action.yml").read_text(encoding="utf-8")
    done = check_jsonschema("github-actions", action, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    done = check_jsonschema("github-workflows", readme_workflow(), tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    # the schemas catch what they should: a step with neither `run` nor `uses`, a trigger misspelt
    broken = action.replace("    - name: Install the ledger\n", "    - name: Install the ledger\n    - name: nothing\n")
    assert check_jsonschema("github-actions", broken, tmp_path).returncode == 1
    broken = readme_workflow().replace("pull_request_target:", "pull_request_tagret:")
    assert check_jsonschema("github-workflows", broken, tmp_path).returncode == 1


def test_the_readme_workflow_runs_on_every_edit_and_comment_one_run_per_pr() -> None:
    workflow = yaml.safe_load(readme_workflow())
    on = workflow[True]  # YAML 1.1 reads the key `on` as true
    assert sorted(on["pull_request_target"]["types"]) == ["edited", "opened", "reopened", "synchronize"]
    assert on["issue_comment"]["types"] == ["created"]
    (job,) = workflow["jobs"].values()
    group = job["concurrency"]["group"]
    assert "github.event.pull_request.number" in group and "github.event.issue.number" in group
    assert job["concurrency"]["cancel-in-progress"] is True
    assert "github.event.issue.pull_request" in job["if"] and MARKER in job["if"]  # never its own comment
    step = next(s for s in job["steps"] if "pr-evidence-ledger" in s.get("uses", ""))
    assert re.search(r"@(v\d|[0-9a-f]{40})", step["uses"]), "use the action by tag or sha, never a branch"


def test_the_action_runs_no_code_of_the_pull_request() -> None:
    text = (ROOT / "action.yml").read_text(encoding="utf-8") + (ROOT / "action" / "report.sh").read_text("utf-8")
    assert "pull_request_target" in text
    assert "actions/checkout" not in text and "github.event.pull_request.head" not in text
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    for step in action["runs"]["steps"]:  # inputs reach a shell through env only, never pasted into a script
        assert "${{" not in step.get("run", ""), step["name"]
