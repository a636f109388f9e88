"""Pictures of the games, drawn with matplotlib into PNG files.

- plot_beliefs: how a devil strategy whittles the belief state down (a heat map of orbits by
  move number, the picture of Norvig's `show` table);
- plot_penny: the losing positions of the penny game with the golden-ratio lines;
- plot_histogram: when a strategy won against a random devil.

Figures are drawn on matplotlib's Agg canvas directly (no pyplot, no display, no global
backend), and each file is written atomically: a reader never sees half a PNG. The CLI imports
this module only when asked for a picture, since matplotlib takes a while to load.
"""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from coinproofs.atomic import write_bytes_atomically
from coinproofs.games.devil import positions as flipped

# 8 coins: 36 orbits by 256 columns (Lamping's 255 moves) is about as much as a page can show.
MAX_PLOT_N = 8
MANY_MOVES = 300  # histograms of longer strategies group the move numbers into BARS bars
BARS = 64

# Up to this many moves the positions each move flips fit along the top of the heat map.
MAX_FLIPS_SHOWN = 32

PHI = (1 + math.sqrt(5)) / 2

IN_BELIEF = "#1f4e9c"  # the colour of "the player cannot rule this orbit out"


# --- Beliefs (the devil's coin flip) -----------------------------------------------------------

def plot_beliefs(n: int, moves: Sequence[int], beliefs: Sequence[int], labels: Sequence[str],
                 path: Path) -> None:
    """Draw the belief state after each move as a heat map into the PNG file `path`.

    Rows are the rotation orbits (bit j of a belief is row j, labelled labels[j], e.g. HHHT),
    columns the move numbers 0..len(moves) (column 0 is the initial belief), and a cell is
    shaded when its orbit is in the belief after that move. Raises ValueError for N above
    MAX_PLOT_N, for a path that does not end in .png, or if beliefs and labels do not fit.
    """
    check_png(path)
    if n > MAX_PLOT_N:
        raise ValueError(f"N = {n} has {len(labels)} rotation orbits, one row each, which is "
                         f"too large to draw; the limit is N = {MAX_PLOT_N} (36 orbits)")
    if len(beliefs) != len(moves) + 1:
        raise ValueError(f"{len(moves)} moves need {len(moves) + 1} beliefs (the initial one, "
                         f"then one after each move), not {len(beliefs)}")
    if any(not 0 <= belief < 1 << len(labels) for belief in beliefs):
        raise ValueError(f"a belief names an orbit beyond the {len(labels)} labelled ones")
    grid = belief_grid(beliefs, len(labels))

    columns, rows = len(beliefs), len(labels)
    figure = Figure(figsize=(min(16.0, max(7.0, 0.3 * columns + 2.5)),
                             max(3.5, 0.28 * rows + 2.0)), layout="constrained")
    axes = figure.add_subplot()
    axes.imshow(grid, aspect="auto", interpolation="nearest", vmin=0, vmax=1,
                cmap=ListedColormap(["#f4f4f4", IN_BELIEF]))
    axes.set_yticks(range(rows), labels=labels, family="monospace",
                    fontsize=9 if rows <= 20 else 7)
    axes.set_ylabel("coins, up to rotation (H = heads, T = tails;\nposition 0 first)")
    axes.xaxis.set_major_locator(MaxNLocator(nbins=16, integer=True))
    axes.set_xlim(-0.5, columns - 0.5)
    axes.set_xlabel("move number (0 = before the first move)")
    if columns <= 2 * MAX_FLIPS_SHOWN:  # white lines between the cells, while cells are wide
        axes.set_xticks([x - 0.5 for x in range(columns + 1)], minor=True)
        axes.set_yticks([y - 0.5 for y in range(rows + 1)], minor=True)
        axes.grid(which="minor", color="white", linewidth=1)
        axes.tick_params(which="minor", length=0)
    if 0 < len(moves) <= MAX_FLIPS_SHOWN:
        flips = axes.secondary_xaxis("top")
        flips.set_xticks(range(1, columns),
                         labels=["".join(str(p) for p in flipped(move)) or "-"
                                 for move in moves],
                         rotation=90, family="monospace", fontsize=8)
        flips.set_xlabel("positions flipped")
    outcome = ("ends at all heads: the strategy wins" if beliefs[-1] == 1 else
               f"ends with {bin(beliefs[-1]).count('1')} orbits possible: the strategy loses")
    axes.set_title(f"Belief state after each move, N = {n}, a {len(moves)}-move strategy\n"
                   f"shaded: the coins may be in this orbit\n{outcome}", fontsize=10)
    write_figure(figure, path)


def belief_grid(beliefs: Sequence[int], orbits: int) -> list[list[int]]:
    """The cells of the heat map: grid[j][i] is 1 if orbit j is in the belief after move i.

    >>> belief_grid([0b111, 0b011, 0b101, 0b001], 3)  # 2 coins: HH, HT, TT
    [[1, 1, 1, 1], [1, 1, 0, 0], [1, 0, 1, 0]]
    """
    return [[belief >> j & 1 for belief in beliefs] for j in range(orbits)]


# --- The penny game ----------------------------------------------------------------------------

def plot_penny(positions: Sequence[tuple[int, int]], max_pile: int, path: Path) -> None:
    """Draw the losing (P-) positions of the penny game with both piles <= max_pile into the
    PNG file `path`: each (a, b) is drawn with its mirror (b, a), together with the lines
    y = φx and y = x/φ that the formula (⌊kφ⌋, ⌊kφ²⌋) says they hug."""
    check_png(path)
    if max_pile < 0:
        raise ValueError(f"the largest pile must not be negative (got {max_pile})")
    outside = [(a, b) for a, b in positions if not (0 <= a <= max_pile and 0 <= b <= max_pile)]
    if outside:
        raise ValueError(f"position {outside[0]} is off the grid of piles 0..{max_pile}")
    points = sorted({(a, b) for a, b in positions} | {(b, a) for a, b in positions})
    top = max(max_pile, 1)

    figure = Figure(figsize=(7.0, 7.0), layout="constrained")
    axes = figure.add_subplot()
    axes.plot([0, top], [0, PHI * top], color="tab:orange", linewidth=1, zorder=4, label="y = φx")
    axes.plot([0, top], [0, top / PHI], color="tab:green", linewidth=1, zorder=4, label="y = x/φ")
    axes.scatter([a for a, _ in points], [b for _, b in points], s=max(1.0, min(30.0, 600 / top)),
                 color="tab:blue", zorder=3, label="losing position (a, b) and (b, a)")
    axes.set_xlim(-0.5, top + 0.5)
    axes.set_ylim(-0.5, top + 0.5)
    axes.set_aspect("equal")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    if top <= 40:
        axes.grid(color="#dddddd", linewidth=0.5)
    axes.set_xlabel("pennies in the first pile")
    axes.set_ylabel("pennies in the second pile")
    axes.legend(loc="upper left")
    axes.set_title(f"Penny game (Wythoff's game): the {len(points):,} losing positions with both "
                   f"piles ≤ {max_pile:,}\nthe player to move loses from these", fontsize=11)
    write_figure(figure, path)


# --- The random devil ----------------------------------------------------------------------------

def plot_histogram(counts: Counter[int | None], n: int, games: int, path: Path,
                   random_starts: bool = False, moves: int = 0) -> None:
    """Draw as a bar chart into the PNG file `path` how many games against a random devil were
    won after each number of moves; counts[None] is the number of games lost. `games` is the
    number of games played from each of the 2^n starts, or in all with `random_starts` (see
    coinproofs.games.random_devil); `moves`, the strategy's length, sets the x axis's extent."""
    check_png(path)
    starts = 1 << n
    total = sum(counts.values())
    played = games if random_starts else games * starts
    if total != played:
        raise ValueError(f"{played:,} games were played, but the counts add up to {total:,}")
    won_at = sorted(number for number in counts if number is not None)
    lost = counts[None]
    last = max(won_at, default=0)

    figure = Figure(figsize=(min(16.0, max(7.0, 0.25 * last + 3.0)), 5.0), layout="constrained")
    axes = figure.add_subplot()
    right, width = last, 1  # where the bars end, and how many move numbers share a bar
    if last <= MANY_MOVES:
        axes.bar(won_at, [counts[number] for number in won_at], width=0.8, color=IN_BELIEF,
                 label="games won after this many moves")
    else:  # one bar per move would be too thin to see: group the move numbers
        width = -(-(max(last, moves) + 1) // BARS)
        heights: Counter[int] = Counter()
        for number in won_at:
            heights[number // width] += counts[number]
        axes.bar([group * width + width / 2 for group in heights], list(heights.values()),
                 width=0.9 * width, color=IN_BELIEF,
                 label=f"games won within each {width:,} moves")
        right = (last // width + 1) * width
    ticks: list[float] = [int(x) for x in MaxNLocator(nbins=20, integer=True).tick_values(0, last)
                          if 0 <= x <= last]
    labels = [str(x) for x in ticks]
    if lost:  # a red bar apart on the right, past a dotted line: it is not a move number
        lost_x = right + 1 + width / 2 if width > 1 else last + 2
        axes.axvline(lost_x - width / 2 - 0.5, color="grey", linewidth=0.8, linestyle=":")
        axes.bar([lost_x], [lost], width=0.8 * width, color="tab:red",
                 label=f"games lost: {lost:,}")
        right = int(lost_x + width / 2)
        ticks.append(lost_x)
        labels.append("lost")
    axes.set_xticks(ticks, labels=labels)
    axes.set_xlim(-1, max(ticks[-1], right) + 1)
    axes.set_xlabel("move number at which the coins first showed all heads")
    axes.set_ylabel("games")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=2, frameon=False)
    spread = ("each from a random start" if random_starts
              else f"{games:,} from each of the {starts:,} starts")
    axes.set_title(f"A devil who rotates at random, N = {n}: {total:,} games, {spread}\n"
                   f"{lost:,} lost; evidence from random play, not a proof", fontsize=10)
    write_figure(figure, path)


# --- Files ---------------------------------------------------------------------------------------

def check_png(path: Path) -> None:
    """Refuse a file name that does not end in .png (the only format drawn)."""
    if path.suffix.lower() != ".png":
        raise ValueError(f"pictures are drawn as PNG: give a file name ending in .png, not {path}")


def write_figure(figure: Figure, path: Path) -> None:
    """Render the figure as PNG and put it at `path` in one step (temp file, then rename)."""
    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    write_bytes_atomically(path, buffer.getvalue())
