"""Pictures of the games, as matplotlib Figures (the CLI saves them as PNG or SVG).

- belief_figure: how a devil strategy whittles the belief down (a heat map of orbits by move
  number, the picture of Norvig's `show` table, with a strip of the belief's size);
- penny_figure: the losing positions of the penny game with the golden-ratio lines;
- histogram_figure: when a strategy won against a random devil, with the expected counts;
- strategy_figure: a strategy of the glasses puzzle, each different turn drawn once.

Figures are made without pyplot (no display, no global backend); a notebook shows them as they
are returned. `save` writes one as PNG or SVG in one step: a reader never sees half a file. The
CLI imports this module only when asked for a picture, since matplotlib takes a while to load.
"""

from __future__ import annotations

import base64
import io
import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from coinproofs.atomic import write_bytes_atomically

if TYPE_CHECKING:
    from coinproofs.devil import Beliefs, RandomPlay

__all__ = ["belief_figure", "check_format", "histogram_figure", "inline_png", "penny_figure",
           "save", "strategy_figure"]

# 8 coins: 36 orbits by 256 columns (Lamping's 255 moves) is about as much as a page can show.
MAX_PLOT_N = 8
MANY_MOVES = 300  # histograms of longer strategies group the move numbers into BARS bars
BARS = 64
FORMATS = (".png", ".svg")

# Up to this many moves the positions each move flips fit along the top of the heat map.
MAX_FLIPS_SHOWN = 32

PHI = (1 + math.sqrt(5)) / 2

IN_BELIEF = "#1f4e9c"  # the colour of "the player cannot rule this orbit out"
EXPECTED = "#d62728"  # the expected counts drawn over the random devil's histogram


# --- Beliefs (the devil's coin flip) -----------------------------------------------------------

def belief_figure(beliefs: Beliefs) -> Figure:
    """The belief after each move as a heat map, with a strip of the belief's size below.

    Rows are the rotation orbits (labelled by their least H/T word, position 0 first), ordered
    by when each leaves the belief for good: the first to go at the top, all heads (which never
    goes) at the bottom. Columns are the move numbers 0..len(moves) (0 is the start); a cell is
    shaded when its orbit is in the belief after that move. ValueError above MAX_PLOT_N coins.
    """
    n, moves = beliefs.n, beliefs.moves
    if n > MAX_PLOT_N:
        raise ValueError(f"N = {n} has {len(beliefs.orbits):,} rotation orbits, one row each: "
                         f"too large to draw; the limit is N = {MAX_PLOT_N} (36 orbits)")
    order = elimination_order(beliefs.eliminated())
    grid = [belief_row(beliefs.sets, j) for j in order]
    columns, rows = len(beliefs.sets), len(order)

    figure = Figure(figsize=(min(16.0, max(8.0, 0.3 * columns + 3.0)),
                             max(5.0, 0.26 * rows + 3.5)), layout="constrained")
    heat, strip = figure.subplots(2, 1, sharex=True, height_ratios=[max(4, rows), 4])
    heat.imshow(grid, aspect="auto", interpolation="nearest", vmin=0, vmax=1,
                cmap=ListedColormap(["#f4f4f4", IN_BELIEF]))
    heat.set_yticks(range(rows), labels=[beliefs.orbits[j] for j in order],
                    family="monospace", fontsize=9 if rows <= 20 else 7)
    words = beliefs.words
    heat.set_ylabel(f"orbit ({words['orbits']}, position 0 first),\n"
                    "the first ruled out for good at the top")
    heat.set_xlim(-0.5, columns - 0.5)
    if columns <= 2 * MAX_FLIPS_SHOWN:  # white lines between the cells, while cells are wide
        heat.set_xticks([x - 0.5 for x in range(columns + 1)], minor=True)
        heat.set_yticks([y - 0.5 for y in range(rows + 1)], minor=True)
        heat.grid(which="minor", color="white", linewidth=1)
        heat.tick_params(which="minor", length=0)
    if 0 < len(moves) <= MAX_FLIPS_SHOWN:
        flips = heat.secondary_xaxis("top")
        flips.set_xticks(range(1, columns),
                         labels=[beliefs.move_text(t).replace(" ", "") or "-"
                                 for t in range(1, columns)],
                         rotation=90, family="monospace", fontsize=8)
        flips.set_xlabel("positions flipped" if beliefs.states == 2 else
                         "positions turned, each once per step")
    sizes = beliefs.sizes
    strip.step(range(columns), sizes, where="mid", color=IN_BELIEF, linewidth=1)
    strip.fill_between(range(columns), sizes, step="mid", color=IN_BELIEF, alpha=0.25)
    strip.set_ylim(0, rows + 0.5)
    strip.yaxis.set_major_locator(MaxNLocator(nbins=4, integer=True))
    strip.set_ylabel("orbits still\npossible")
    strip.xaxis.set_major_locator(MaxNLocator(nbins=16, integer=True))
    strip.set_xlabel("move number (0 = before the first move)")
    outcome = (f"ends at {words['goal']}: the strategy wins" if beliefs.wins else
               f"ends with {sizes[-1]} orbits possible: the strategy loses")
    which = beliefs.described or f"N = {n}"
    figure.suptitle(f"The belief after each move of a {len(moves):,}-move strategy, {which}\n"
                    f"shaded: the {words['pieces']} may be in this orbit; the belief {outcome}",
                    fontsize=11)
    return figure


def elimination_order(eliminated: Sequence[int | None]) -> list[int]:
    """The orbits in the order they leave the belief for good; those that never leave come
    last, and all heads (orbit 0) last of all.

    >>> elimination_order([None, 3, 1]), elimination_order([None, None, 2])
    ([2, 1, 0], [2, 1, 0])
    """
    return sorted(range(len(eliminated)), key=lambda j: (
        math.inf if eliminated[j] is None else eliminated[j], j == 0, j))


def belief_row(beliefs: Sequence[int], orbit: int) -> list[int]:
    """One row of the heat map: 1 where the orbit is in the belief after each move.

    >>> belief_row([0b111, 0b011, 0b101, 0b001], 2)  # 2 coins: TT is orbit 2
    [1, 0, 1, 0]
    """
    return [belief >> orbit & 1 for belief in beliefs]


# --- The penny game ----------------------------------------------------------------------------

def penny_figure(positions: Sequence[tuple[int, int]], max_pile: int) -> Figure:
    """The losing positions (a, b), a <= b, of the penny game with both piles <= max_pile, each
    drawn with its mirror (b, a), and the lines y = φx and y = x/φ that the formula
    (⌊kφ⌋, ⌊kφ²⌋) says they hug."""
    if max_pile < 0:
        raise ValueError(f"the largest pile must not be negative (got {max_pile})")
    outside = [(a, b) for a, b in positions if not (0 <= a <= max_pile and 0 <= b <= max_pile)]
    if outside:
        raise ValueError(f"position {outside[0]} is off the grid of piles 0..{max_pile}")
    pairs = sorted({(min(a, b), max(a, b)) for a, b in positions})
    points = sorted(set(pairs) | {(b, a) for a, b in pairs})
    top = max(max_pile, 1)

    figure = Figure(figsize=(7.0, 7.4), layout="constrained")
    axes = figure.add_subplot()
    axes.plot([0, top], [0, PHI * top], color="tab:orange", linewidth=1, zorder=4, label="y = φx")
    axes.plot([0, top], [0, top / PHI], color="tab:green", linewidth=1, zorder=4, label="y = x/φ")
    axes.scatter([a for a, _ in points], [b for _, b in points], s=max(1.0, min(30.0, 600 / top)),
                 color="tab:blue", zorder=3, label="losing position (a, b) and its mirror (b, a)")
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
    mirrors = len(points) - len(pairs)
    axes.set_title(f"Penny game (Wythoff's game), both piles ≤ {max_pile:,}:\n"
                   f"{len(pairs):,} losing positions (a ≤ b) and {mirrors:,} mirror images, "
                   f"{len(points):,} points", fontsize=11)
    return figure


# --- The random devil ----------------------------------------------------------------------------

def histogram_figure(play: RandomPlay) -> Figure:
    """How many games against a random devil were won after each number of moves, as bars,
    with the exact expected counts drawn over them when they are known (play.expected), and the
    games lost in a red bar apart. Long strategies group the move numbers into BARS bars."""
    counts: Counter[int | None] = play.counts
    won_at = sorted(number for number in counts if number is not None)
    lost = counts[None]
    last = max(max(won_at, default=0), play.length)

    figure = Figure(figsize=(min(16.0, max(9.0, 0.25 * last + 3.0)), 5.6),
                    layout="constrained")
    axes = figure.add_subplot()
    width = 1 if last <= MANY_MOVES else -(-(last + 1) // BARS)  # move numbers per bar
    heights: Counter[int] = Counter()
    for number in won_at:
        heights[number // width] += counts[number]
    what = ("games won after this many moves" if width == 1
            else f"games won within each {width:,} moves")
    axes.bar([group * width + (width - 1) / 2 for group in heights], list(heights.values()),
             width=0.8 * width, color=IN_BELIEF, label=what)
    if play.expected is not None:
        expected = [sum(play.expected[start:start + width])
                    for start in range(0, len(play.expected), width)]
        axes.step([group * width + (width - 1) / 2 for group in range(len(expected))], expected,
                  where="mid", color=EXPECTED, linewidth=1.2,
                  label="expected count (exact, for a uniformly random devil)")
    right = (last // width + 1) * width - 0.5  # where the last group of move numbers ends
    ticks: list[float] = [int(x) for x in MaxNLocator(nbins=16, integer=True).tick_values(0, last)
                          if 0 <= x <= last]
    labels = [f"{int(x):,}" for x in ticks]
    if lost:  # a red bar apart on the right, past a dotted line: it is not a move number
        lost_x = right + width
        axes.axvline(right + width / 4, color="grey", linewidth=0.8, linestyle=":")
        axes.bar([lost_x], [lost], width=0.8 * width, color="tab:red",
                 label=f"games lost: {lost:,}")
        right = lost_x + width / 2
        ticks.append(lost_x)
        labels.append("lost")
    axes.set_xticks(ticks, labels=labels)
    axes.set_xlim(-0.5 - 0.2 * width, right + 0.2 * width)
    things = "coins" if play.states == 2 else "dials"
    goal = "showed all heads" if play.goal == "zero" else "were all alike"
    if play.states != 2 and play.goal == "zero":
        goal = "all showed 0"
    axes.set_xlabel(f"move number at which the {things} first {goal}")
    axes.set_ylabel("games")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=2, frameon=False)
    spread = ("each from a random start" if play.random_starts
              else f"{play.games:,} from each of the {play.starts:,} starts")
    axes.set_title(f"A {play.length:,}-move strategy against a devil who rotates at random, "
                   f"N = {play.n}\n{play.played:,} games, {spread}: {lost:,} lost\n"
                   "(evidence from random play, not a proof)", fontsize=11)
    return figure


# --- The glasses puzzle -------------------------------------------------------------------------

MAX_DRAWN_TURNS = 40  # more different turns than this do not fit on a page


def strategy_figure(raw: Any, n: int, k: int, length: int) -> Figure:
    """A strategy of the glasses puzzle (JSON, already checked) as a flow chart: one box per
    different turn, saying what to grab and, for each feel, what to turn over and which turn
    follows (a bell when the game is surely won); arrows lead to the following turns, left to
    right by the longest way from the first turn. `length` is the strategy's worst case, for
    the title. Raises ValueError for more than
    MAX_DRAWN_TURNS different turns."""
    # deferred: 24 ms of CPU to load (docs/design.md, "Imports")
    from coinproofs.games.glasses import shared_form

    if raw is None:
        raise ValueError("the empty strategy has no turn to draw")
    shared = shared_form(raw)
    turns = shared["named"]
    if len(turns) > MAX_DRAWN_TURNS:
        raise ValueError(f"the strategy has {len(turns)} different turns, too many to draw "
                         f"(the limit is {MAX_DRAWN_TURNS})")
    layer = {shared["first"]: 0}
    for _ in turns:  # longest ways from the first turn (the turns form no cycle)
        for name in turns:
            for case in turns[name]["if"].values():
                if "then" in case and name in layer:
                    layer[case["then"]] = max(layer.get(case["then"], 0), layer[name] + 1)
    columns: dict[int, list[str]] = {}
    for name in turns:
        columns.setdefault(layer[name], []).append(name)
    tallest = max(len(names) for names in columns.values())

    figure = Figure(figsize=(max(7.0, 3.2 * len(columns) + 1), max(4.0, 2.4 * tallest + 1.5)),
                    layout="constrained")
    axes = figure.add_subplot()
    axes.set_axis_off()
    axes.set_xlim(-0.6, len(columns) - 0.4)
    axes.set_ylim(-0.6, tallest - 0.4)
    boxes = {}
    for column, names in columns.items():
        for row, name in enumerate(names):
            y = (tallest - 1) / 2 + (len(names) - 1) / 2 - row
            boxes[name] = axes.text(column, y, _turn_text(name, turns[name]),
                                    ha="center", va="center", multialignment="left",
                                    family="monospace", fontsize=9,
                                    bbox={"boxstyle": "round,pad=0.5", "facecolor": "#eef2fa",
                                          "edgecolor": IN_BELIEF})
    for name, turn in turns.items():
        for child in dict.fromkeys(case["then"] for case in turn["if"].values()
                                   if "then" in case):
            axes.annotate("", xy=(0, 0.5), xycoords=boxes[child], xytext=(1, 0.5),
                          textcoords=boxes[name],
                          arrowprops={"arrowstyle": "->", "color": "#555555",
                                      "connectionstyle": "arc3,rad=0.1"})
    axes.set_title(f"{n} glasses, {k} hands: a strategy of {length} turns, "
                   f"{len(turns)} different turns\nfeel = the positions grabbed; each felt "
                   "pattern (U up, D down, in that order) says what to turn over and which "
                   "turn follows; ♪ = the bell rings", fontsize=10)
    return figure


def _turn_text(name: str, turn: Any) -> str:
    lines = [f"{name}: feel {' '.join(map(str, turn['feel'])) or 'nothing'}"]
    for pattern, case in turn["if"].items():
        turned = " ".join(map(str, case["turn"])) or "-"
        after = f"→ {case['then']}" if "then" in case else "♪"
        lines.append(f"{pattern or '·'}: turn {turned:<{2 * len(pattern)}} {after}")
    return "\n".join(lines)


# --- Files ---------------------------------------------------------------------------------------

def check_format(path: str | Path) -> None:
    """Refuse a file name that ends in neither .png nor .svg (the formats drawn)."""
    if Path(path).suffix.lower() not in FORMATS:
        raise ValueError(f"pictures are drawn as PNG or SVG: give a file name ending in .png or "
                         f".svg, not {path}")


def save(figure: Figure, path: str | Path) -> None:
    """Write the figure to `path` (a str or a Path) as PNG or SVG, by its suffix, in one step.
    """
    path = Path(path)
    check_format(path)
    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format=path.suffix.lower()[1:], dpi=100)
    write_bytes_atomically(path, buffer.getvalue())


def inline_png(figure: Figure, dpi: int = 60) -> str:
    """The figure as an HTML <img> with the PNG inline, for a result's rich display in a
    notebook."""
    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return f"<img src='data:image/png;base64,{base64.b64encode(buffer.getvalue()).decode()}'>"
