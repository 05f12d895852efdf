"""The report's plots (matplotlib, no pyplot state): same rows in, same PNG bytes out."""

from __future__ import annotations

import io
from pathlib import Path

from matplotlib.figure import Figure

from benchmarks.atomic import write_bytes_atomic
from benchmarks.summary import SolveRow

_METADATA = {"Software": None}  # no version string: the bytes depend only on the data


def save_png(fig: Figure, path: Path) -> None:
    """Render ``fig`` to PNG and write it atomically."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, metadata=_METADATA)
    write_bytes_atomic(path, buffer.getvalue())


def solve_plot(size: str, rows: list[SolveRow], path: Path) -> None:
    """Horizontal bars of ms/board per backend and mode, log scale; capped runs marked *."""
    ran = [r for r in rows if r.ms_per_board is not None]
    labels = [f"{r.backend} ({r.mode}){' *' if r.note else ''}" for r in ran]
    values = [r.ms_per_board or 0.0 for r in ran]
    fig = Figure(figsize=(7.5, 0.38 * len(ran) + 1.3))
    ax = fig.subplots()
    ax.barh(range(len(ran)), values, color=["#c44e52" if r.note else "#4c72b0" for r in ran])
    ax.set_yticks(range(len(ran)), labels)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("ms per board (median; log scale)")
    ax.set_title(f"Solving random {size} boards")
    for i, v in enumerate(values):
        ax.text(v * 1.05, i, f"{v:.3g}", va="center", fontsize=8)
    ax.set_xlim(min(values) / 1.5, max(values) * 4)
    ax.grid(axis="x", which="both", alpha=0.3)
    fig.tight_layout()
    save_png(fig, path)


def memory_speed_plot(points: list[tuple[str, float, float]], size: str, path: Path) -> None:
    """Scatter of RSS growth (MiB) against ms/board (best mode), both log scale."""
    fig = Figure(figsize=(7.5, 5))
    ax = fig.subplots()
    for name, mib, ms in points:
        ax.scatter(mib, ms, color="#4c72b0")
        ax.annotate(name, (mib, ms), textcoords="offset points", xytext=(5, 4), fontsize=9)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("memory: resident-set growth after building (MiB, log)")
    ax.set_ylabel(f"ms per {size} board, best mode (log)")
    ax.set_title("Memory against speed (lower left is better)")
    ax.grid(which="both", alpha=0.3)
    fig.tight_layout()
    save_png(fig, path)
