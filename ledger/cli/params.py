"""Option values without pydantic: typer (0.2x) coerces every parameter through a pydantic TypeAdapter,
built when the parameter is first processed, so any command with an option imports pydantic and builds
a dozen adapters before it does its work (about 70 ms of the 220 a `ledger claims` costs, more than the
query). For the annotations our commands use (str, int, float, an Enum, a list of str, each possibly
Optional), a value in its plain form is converted here exactly as pydantic would (`int("12")`,
`Format("json")`); anything else (`" 3"`, `"1_000"`, `"xml"` for an Enum, a type we do not know) goes to
typer's own adapter, so what is accepted and every error message stay typer's.

This leans on typer's internals (`typer.core._TyperParameter`, `typer._coercion.RuntimeParam`): when they
are not as expected, `install` changes nothing and the commands run as before, only slower
(tests/test_cli_params.py checks that it is active and that it changes no answer).
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

__all__ = ["install"]

_SLOW = object()
"""A value the fast path does not decide: typer's adapter does."""
_INT_RE = re.compile(r"-?(?:0|[1-9][0-9]{0,17})")
_FLOAT_RE = re.compile(r"-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?")
_SURROGATE_RE = re.compile("[\ud800-\udfff]")


def _to_int(value: Any) -> Any:
    if type(value) is int:  # a default
        return value
    return int(value) if isinstance(value, str) and _INT_RE.fullmatch(value) else _SLOW


def _to_float(value: Any) -> Any:
    if type(value) in (float, int):  # a default
        return float(value)
    return float(value) if isinstance(value, str) and _FLOAT_RE.fullmatch(value) else _SLOW


def _to_str(value: Any) -> Any:
    return value if isinstance(value, str) and not _SURROGATE_RE.search(value) else _SLOW


def _to_bool(value: Any) -> Any:
    return value if isinstance(value, bool) else _SLOW


def _to_enum(cls: type[Enum]) -> Callable[[Any], Any]:
    by_value = {m.value: m for m in cls}

    def convert(value: Any) -> Any:
        if isinstance(value, cls):  # a default
            return value
        return by_value.get(value, _SLOW) if isinstance(value, str) else _SLOW

    return convert


def _converter(annotation: Any) -> Callable[[Any], Any] | None:
    """The fast conversion of one value of `annotation`, or None when it is not one we know."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _converter(args[0]) if len(args) == 1 else None
    if origin is list:
        (item,) = typing.get_args(annotation) or (None,)
        one = _converter(item)
        if one is None:
            return None

        def each(value: Any) -> Any:
            if not isinstance(value, list | tuple):
                return _SLOW
            out = [one(v) for v in value]
            return _SLOW if any(v is _SLOW for v in out) else out

        return each
    if annotation is str:
        return _to_str
    if annotation is bool:
        return _to_bool
    if annotation is int:
        return _to_int
    if annotation is float:
        return _to_float
    if (
        isinstance(annotation, type)
        and issubclass(annotation, Enum)
        and all(isinstance(m.value, str) for m in annotation)
    ):
        return _to_enum(annotation)
    return None


def install(command: Any) -> int:
    """Give every parameter of `command` (a click command or group built by typer, and its subcommands) whose
    annotation we know a runtime coercion that needs no pydantic; returns how many were given one."""
    try:
        from typer._coercion import RuntimeParam, build_runtime_param
        from typer.core import _TyperParameter
    except ImportError:
        return 0

    @dataclass(frozen=True)
    class FastParam(RuntimeParam):
        convert: Callable[[Any], Any]

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            out = self.convert(value)
            if out is _SLOW:  # not a plain value: typer's adapter accepts it or words the error
                return build_runtime_param(param.type_descriptor)._coerce_value(value, param=param, ctx=ctx)
            return out

    n = 0
    top = _context(command, None)
    commands = [(command, top), *((c, _context(c, top)) for c in getattr(command, "commands", {}).values())]
    for cmd, ctx in commands:
        for p in [*getattr(cmd, "params", []), _help_option(cmd, ctx)]:
            desc = getattr(p, "type_descriptor", None)
            if not isinstance(p, _TyperParameter) or desc is None or getattr(p, "_runtime_param", 0) is not None:
                continue
            if desc.file_annotation is not None or desc.parameter_info.parser is not None or desc.is_ranged:
                continue
            convert = _converter(desc.annotation)
            if convert is not None:
                p._runtime_param = FastParam(
                    parameter_info=desc.parameter_info, annotation=desc.annotation, convert=convert
                )
                n += 1
    return n


def _context(cmd: Any, parent: Any) -> Any:
    """The context click makes for `cmd` when it runs (a subcommand's inherits its group's settings, such as
    the help option's names), or None when it cannot be made here."""
    try:
        return cmd.context_class(cmd, info_name=cmd.name, parent=parent, **(cmd.context_settings or {}))
    except Exception:  # an internal that is not as expected
        return None


def _help_option(cmd: Any, ctx: Any) -> Any:
    """The command's --help option, which click makes (and keeps) when the command first parses; made here,
    in the context the command will run in (so with the same names: -h, --help), so it is the very object
    the parse then uses."""
    if ctx is None:
        return None
    try:
        return cmd.get_help_option(ctx)
    except Exception:  # an internal that is not as expected: that option keeps typer's own coercion
        return None
