"""A small GitHub Actions runner for a composite action, enough to run action.yml as the real runner would.

Each `run:` step runs in `bash --noprofile --norc -eo pipefail` with its `env` (expressions filled in),
GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files and no PATH of the test's environment. `uses:` steps of the actions
the ledger's action names are played by their documented behaviour: actions/setup-python gives a Python's
path and version; actions/cache/restore (exact key, else the newest entry whose key starts with a restore-key)
and actions/cache/save (a key is written once) keep folders in a `Caches` that outlives a run, as GitHub's
cache outlives a job. `if:`
conditions and `${{ }}` expressions are evaluated for the forms the action uses: contexts, string literals,
==, !=, &&, ||, !, always(), success(), failure().

Also `wheelhouse()`: wheels of distributions installed in this environment, repacked from their installed
files, so a virtual environment can be made with `pip install --no-index --find-links` and no network.
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass, field
from importlib.metadata import distribution
from pathlib import Path
from typing import Any

import yaml
from packaging.tags import sys_tags

_TOKEN_RE = re.compile(r"\s*(?:('[^']*')|(\|\||&&|==|!=|!|\(|\))|([A-Za-z_][A-Za-z0-9_.-]*(?:\(\))?))")


def evaluate(expr: str, ctx: dict[str, str], status: str = "success") -> Any:
    """One expression of the forms the action uses, GitHub's way (|| and && give an operand, '' is false)."""
    out: list[str] = []
    names: dict[str, Any] = {}
    pos = 0
    expr = expr.strip()
    while pos < len(expr):
        m = _TOKEN_RE.match(expr, pos)
        assert m and m.end() > pos, f"cannot read {expr[pos:]!r}"
        pos = m.end()
        lit, op, name = m.groups()
        if lit is not None:
            out.append(repr(lit[1:-1]))
        elif op is not None:
            out.append({"||": " or ", "&&": " and ", "!": " not "}.get(op, op))
        else:
            var = f"v{len(names)}"
            functions = {"always()": True, "success()": status == "success", "failure()": status == "failure"}
            names[var] = functions[name] if name in functions else ctx.get(name, "")
            out.append(var)
    return eval("".join(out), {"__builtins__": {}}, names)  # our own action.yml's expressions only


def fill(value: Any, ctx: dict[str, str]) -> str:
    """A `with:` or `env:` value with its expressions filled in (YAML's true/false as GitHub writes them)."""
    value = str(value).lower() if isinstance(value, bool) else str(value)
    return re.sub(r"\$\{\{(.+?)\}\}", lambda m: str(evaluate(m.group(1), ctx)), value)


@dataclass
class Caches:
    """GitHub's cache of one repository: key -> saved folder, newest last."""

    root: Path
    entries: dict[str, Path] = field(default_factory=dict)

    def restore(self, path: str, key: str, restore_keys: str) -> str | None:
        match = key if key in self.entries else None
        for prefix in (k.strip() for k in restore_keys.splitlines() if k.strip()):
            if match is None:
                match = next((k for k in reversed(self.entries) if k.startswith(prefix)), None)
        if match is not None:
            shutil.rmtree(path, ignore_errors=True)
            shutil.copytree(self.entries[match], path)
        return match

    def save(self, path: str, key: str) -> None:
        if key in self.entries or not Path(path).exists():  # a key is written once
            return
        dest = self.root / f"entry{len(self.entries)}"
        shutil.copytree(path, dest)
        self.entries[key] = dest


@dataclass
class Run:
    """One run of the action: each step's result, the outputs, the summary."""

    steps: list[tuple[str, subprocess.CompletedProcess[str] | None]]
    outputs: dict[str, str]
    summary: str
    ok: bool

    def step(self, name: str) -> subprocess.CompletedProcess[str]:
        found = [r for n, r in self.steps if n == name and r is not None]
        assert found, f"step {name!r} did not run: {[n for n, _ in self.steps]}"
        return found[0]


def _outputs(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    i = 0
    while i < len(lines):
        name, sep, value = lines[i].partition("=")
        if not sep and "<<" in lines[i]:
            name, _, mark = lines[i].partition("<<")
            end = lines.index(mark, i + 1)
            out[name], i = "\n".join(lines[i + 1 : end]), end + 1
            continue
        out[name] = value
        i += 1
    return out


def run_action(
    action_dir: Path,
    temp: Path,
    caches: Caches,
    context: dict[str, str],
    inputs: dict[str, str] | None = None,
    env: dict[str, str] | None = None,
    warm: tuple[str, str] | None = None,
    files: dict[str, str] | None = None,
) -> Run:
    """Run the composite action in `action_dir` as a job would, with `temp` as runner.temp (made anew) and
    `files` (path -> text) in the workspace, as a checkout of the base branch would leave them.

    `warm` (step name, folder of runner.temp): when an earlier run left that folder, it is kept and that step
    is not run again (the install, which the suite runs once: a minute on a busy machine)."""
    action = yaml.safe_load((action_dir / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    kept = warm is not None and (temp / warm[1]).is_dir()
    for old in temp.iterdir() if temp.is_dir() else ():
        if not (kept and warm and old.name == warm[1]):
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    temp.mkdir(parents=True, exist_ok=True)
    ctx = {**context, "runner.temp": str(temp), "runner.os": "Linux"}
    for name, spec in action["inputs"].items():
        ctx[f"inputs.{name}"] = fill(str(spec.get("default", "")), ctx)
    for name, value in (inputs or {}).items():
        assert f"inputs.{name}" in ctx, f"the action has no input {name!r}"
        ctx[f"inputs.{name}"] = value
    summary, workspace = temp / "_summary.md", temp / "_workspace"
    workspace.mkdir()
    for rel, text in (files or {}).items():
        (workspace / rel).parent.mkdir(parents=True, exist_ok=True)
        (workspace / rel).write_text(text, encoding="utf-8")
    status, done = "success", []
    for i, step in enumerate(action["runs"]["steps"]):
        cond = str(step.get("if") or "success()")
        if not re.search(r"\b(always|success|failure|cancelled)\(\)", cond):
            cond = f"success() && ({cond})"  # GitHub's implicit status check
        if not evaluate(cond, ctx, status) or (kept and warm and step["name"] == warm[0]):
            done.append((step["name"], None))
            continue
        with_ = {k: fill(v, ctx) for k, v in (step.get("with") or {}).items()}
        outputs: dict[str, str] = {}
        result = None
        if "uses" in step:
            outputs = _uses(step["uses"], with_, caches)
        else:
            assert step["shell"] == "bash"
            out_file = temp / f"_output{i}"
            step_env = {
                "PATH": "/usr/bin:/bin",
                "HOME": str(temp),
                "GITHUB_ACTION_PATH": str(action_dir),
                "RUNNER_TEMP": str(temp),
                "RUNNER_OS": "Linux",
                "GITHUB_OUTPUT": str(out_file),
                "GITHUB_STEP_SUMMARY": str(summary),
                "GITHUB_WORKSPACE": str(workspace),
                **(env or {}),
                **{k: fill(v, ctx) for k, v in (step.get("env") or {}).items()},
            }
            result = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                env=step_env,
                capture_output=True,
                text=True,
                cwd=workspace,
                timeout=300,
            )
            outputs = _outputs(out_file)
            if result.returncode != 0:
                status = "failure"
        done.append((step["name"], result))
        for k, v in outputs.items():
            ctx[f"steps.{step.get('id', '_')}.outputs.{k}"] = v
    outs = {name: fill(str(spec["value"]), ctx) for name, spec in (action.get("outputs") or {}).items()}
    text = summary.read_text(encoding="utf-8") if summary.exists() else ""
    return Run(done, outs, text, status == "success")


def _uses(uses: str, with_: dict[str, str], caches: Caches) -> dict[str, str]:
    name = uses.split("@", 1)[0]
    if name == "actions/setup-python":
        assert with_.get("update-environment") == "false"  # the job's own Python is left alone
        return {"python-path": sys.executable, "python-version": ".".join(map(str, sys.version_info[:3]))}
    if name == "actions/cache/restore":
        hit = caches.restore(with_["path"], with_["key"], with_.get("restore-keys", ""))
        return {"cache-hit": str(hit == with_["key"]).lower(), "cache-matched-key": hit or ""}
    if name == "actions/cache/save":
        caches.save(with_["path"], with_["key"])
        return {}
    raise AssertionError(f"no stand-in for {uses}")


def wheelhouse(names: list[str], dest: Path) -> Path:
    """A wheel of each installed distribution named (and nothing else), repacked from its installed files."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in names:
        dist = distribution(name)
        info = next(Path(str(f)).parts[0] for f in dist.files or [] if ".dist-info" in str(f))
        tags = [
            line.split(":", 1)[1].strip()
            for line in (dist.read_text("WHEEL") or "").splitlines()
            if line.startswith("Tag:")
        ]
        supported = {str(t) for t in sys_tags()}
        tag = next((t for t in tags if t in supported), "py3-none-any")  # a py2.py3 wheel lists py2 first
        stem = info.removesuffix(".dist-info")
        target = dest / f"{stem}-{tag}.whl"
        record = []
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
            for f in dist.files or []:
                rel = str(f)
                if rel.startswith("..") or "__pycache__" in rel or rel in (f"{info}/RECORD", f"{info}/direct_url.json"):
                    continue
                data = Path(str(dist.locate_file(f))).read_bytes()
                zf.writestr(rel, data)
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                record.append(f"{rel},sha256={digest},{len(data)}")
            record.append(f"{info}/RECORD,,")
            zf.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return dest
