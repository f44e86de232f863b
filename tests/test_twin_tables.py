"""Tables printed twice in one shape: the unit-less twin takes the measure its twins' header units give."""

from __future__ import annotations

from dataclasses import dataclass, field

from ledger.parsers.tables.twin_tables import Twin
from ledger.parsers.tables.twin_tables import twin_measure as measure_of_twins


@dataclass
class _Row:
    cells: list[str]


@dataclass
class _Table:
    header: list[str]
    rows: list[_Row] = field(default_factory=list)


@dataclass
class _Block:
    table: _Table | None


def twin_measure(table: _Table, tables: list[_Table], roles: list[str]) -> Twin | None:
    return measure_of_twins(table, [_Block(t) for t in tables], roles, {})


_ROLES = ["label", "label", "value", "value"]


def _table(heads: list[str], keys: list[str] = ["8", "32"]) -> _Table:  # noqa: B006
    return _Table(["", "batch", *heads], [_Row([str(i), k, "1.0", "2.0"]) for i, k in enumerate(keys)])


def test_unitless_twin_takes_latency_and_unit() -> None:
    bare, timed = _table(["Triton", "PyTorch"]), _table(["Triton (us)", "PyTorch (us)"])
    assert twin_measure(bare, [bare, timed], _ROLES) == (frozenset({"Triton", "PyTorch"}), "latency", "us")


def test_a_twin_stating_no_unit_keeps_the_unit_out() -> None:
    bare, other = _table(["Triton", "PyTorch"]), _table(["Triton", "PyTorch"])
    timed = _table(["Triton (us)", "PyTorch (us)"])
    assert twin_measure(bare, [bare, other, timed], _ROLES) == (frozenset({"Triton", "PyTorch"}), "latency", None)


def test_twins_whose_units_differ_change_nothing() -> None:
    bare = _table(["Triton", "PyTorch"])
    twins = [bare, _table(["Triton (us)", "PyTorch (us)"]), _table(["Triton (ms)", "PyTorch (ms)"])]
    assert twin_measure(bare, twins, _ROLES) is None


def test_another_shape_changes_nothing() -> None:
    bare = _table(["Triton", "PyTorch"])
    assert twin_measure(bare, [bare, _table(["Triton (us)", "CUDA (us)"])], _ROLES) is None
    assert twin_measure(bare, [bare, _table(["Triton (us)", "PyTorch (us)"], ["1", "2"])], _ROLES) is None


def test_a_header_with_its_own_unit_is_no_twin_to_fill() -> None:
    timed = _table(["Triton (us)", "PyTorch (us)"])
    assert twin_measure(timed, [timed, _table(["Triton (ms)", "PyTorch (ms)"])], _ROLES) is None


def test_a_row_cut_short_states_no_key() -> None:
    bare, timed = _table(["Triton", "PyTorch"], ["8", "32", "64"]), _table(["Triton (us)", "PyTorch (us)"], ["8", ""])
    assert twin_measure(bare, [bare, timed], _ROLES) is not None


def test_a_log_of_many_tables_of_one_shape_has_no_twins() -> None:
    bare = _table(["Triton", "PyTorch"])
    many = [_table(["Triton (us)", "PyTorch (us)"]) for _ in range(40)]
    assert twin_measure(bare, [bare, *many], _ROLES) is None
