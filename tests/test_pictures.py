"""Pictures: the PNG files are written, whole and decodable, and bad requests are refused with a
sentence. (What a picture shows is tested through belief_grid; the pixels only for size.)"""

from __future__ import annotations

import doctest
import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from matplotlib.image import imread

from coinproofs import pictures
from coinproofs.games.devil import beliefs_along, lamping, orbits, shortest_strategy
from coinproofs.pictures import belief_grid, plot_beliefs, plot_histogram, plot_penny
from tests.cli import coinproofs, fails_with_one_sentence

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decoded(path: Path, min_width: int = 400, min_height: int = 250) -> np.ndarray:
    """The pixels of a PNG file, after checking it is a plausible, non-blank picture."""
    assert path.read_bytes().startswith(PNG_SIGNATURE)
    pixels = imread(path)
    height, width = pixels.shape[:2]
    assert min_width <= width <= 3000 and min_height <= height <= 3000, pixels.shape
    assert len(np.unique(pixels.reshape(-1, pixels.shape[-1]), axis=0)) > 2  # not one colour
    return pixels


def no_leftovers(folder: Path, *expected: str) -> None:
    """Only the finished files are in the folder: no temporary file was left behind."""
    assert sorted(p.name for p in folder.iterdir()) == sorted(expected)


def test_doctests() -> None:
    assert doctest.testmod(pictures).failed == 0


# --- Through the command line, as the issue asks ---------------------------------------------

def test_devil_show_4_plot_writes_a_heat_map(tmp_path: Path) -> None:
    picture = tmp_path / "beliefs4.png"
    run = coinproofs("devil", "show", "4", "--plot", str(picture))
    assert run.status == 0, run.err
    assert f"wrote {picture}" in run.err
    decoded(picture)
    no_leftovers(tmp_path, "beliefs4.png")


def test_devil_show_8_plot_draws_all_255_moves(tmp_path: Path) -> None:
    picture = tmp_path / "beliefs8.png"
    run = coinproofs("devil", "show", "8", "--plot", str(picture))
    assert run.status == 0, run.err
    pixels = decoded(picture, min_width=1000, min_height=600)
    assert pixels.shape[1] > 1000  # 256 columns of cells need the room


def test_devil_show_9_plot_is_too_large_to_draw(tmp_path: Path) -> None:
    strategy = tmp_path / "nine.json"
    strategy.write_text(json.dumps([list(range(9))]))
    picture = tmp_path / "beliefs9.png"
    run = coinproofs("devil", "show", "9", "--strategy", str(strategy), "--plot", str(picture))
    fails_with_one_sentence(run, "N = 9", "60", "too large to draw", "limit is N = 8")
    assert run.status == 2 and not picture.exists()


def test_devil_play_4_plot_writes_a_bar_chart(tmp_path: Path) -> None:
    picture = tmp_path / "random4.png"
    run = coinproofs("devil", "play", "4", "--seed", "1", "--plot", str(picture))
    assert run.status == 0, run.err
    decoded(picture)
    no_leftovers(tmp_path, "random4.png")


# --- The functions ---------------------------------------------------------------------------

def labels_for(n: int) -> list[str]:
    return [f"orbit{j}" for j in range(len(orbits(n)))]


def test_the_heat_map_cells_are_the_beliefs() -> None:
    """Norvig's table for N=4: every orbit at first, TTTT ruled out by each flip of all four
    and back after each other move, only HHHH at the end."""
    strategy = shortest_strategy(4)
    assert strategy is not None
    grid = belief_grid(beliefs_along(strategy, 4), 6)
    assert [row[0] for row in grid] == [1] * 6
    assert [row[-1] for row in grid] == [1, 0, 0, 0, 0, 0]
    assert grid[0] == [1] * 16  # HHHH stays possible: the game may already be over
    assert grid[5] == [1, 0] * 8  # TTTT


def test_a_losing_strategy_is_drawn_too(tmp_path: Path) -> None:
    moves = [0b1111, 0b0101]
    path = tmp_path / "short.png"
    plot_beliefs(4, moves, beliefs_along(moves, 4), labels_for(4), path)
    decoded(path)


def test_an_existing_picture_is_replaced_whole(tmp_path: Path) -> None:
    path = tmp_path / "beliefs.png"
    path.write_bytes(b"an old picture")
    moves = lamping(2)
    plot_beliefs(2, moves, beliefs_along(moves, 2), ["HH", "HT", "TT"], path)
    decoded(path)
    no_leftovers(tmp_path, "beliefs.png")


@pytest.mark.parametrize("n, beliefs, labels, path, words", [
    (9, [1], ["x"] * 60, "b.png", "N = 9 has 60 rotation orbits"),
    (16, [1], ["x"] * 4116, "b.png", "too large to draw; the limit is N = 8"),
    (2, [7, 3, 5, 1], ["HH", "HT", "TT"], "b.svg", "ending in .png"),
    (2, [7, 3, 5], ["HH", "HT", "TT"], "b.png", "3 moves need 4 beliefs"),
    (2, [7, 3, 5, 8], ["HH", "HT", "TT"], "b.png", "beyond the 3 labelled"),
])
def test_bad_heat_maps_are_refused_with_a_sentence(tmp_path: Path, n: int, beliefs: list[int],
                                                   labels: list[str], path: str,
                                                   words: str) -> None:
    with pytest.raises(ValueError, match=words):
        plot_beliefs(n, [0b11, 0b01, 0b11], beliefs, labels, tmp_path / path)
    no_leftovers(tmp_path)


def test_penny_picture_of_the_losing_positions(tmp_path: Path) -> None:
    losing = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20)]
    path = tmp_path / "penny.png"
    plot_penny(losing, 20, path)
    decoded(path)
    no_leftovers(tmp_path, "penny.png")


@pytest.mark.parametrize("losing, max_pile, name, words", [
    ([(0, 0), (1, 2)], 20, "penny.pdf", "ending in .png"),
    ([(0, 0), (3, 5)], 4, "penny.png", r"position \(3, 5\) is off the grid"),
    ([(0, 0)], -1, "penny.png", "must not be negative"),
])
def test_bad_penny_pictures_are_refused(tmp_path: Path, losing: list[tuple[int, int]],
                                        max_pile: int, name: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        plot_penny(losing, max_pile, tmp_path / name)
    no_leftovers(tmp_path)


def test_histogram_with_lost_games(tmp_path: Path) -> None:
    path = tmp_path / "h.png"
    plot_histogram(Counter({0: 10, 1: 10, 2: 3, None: 17}), 2, 10, path)
    decoded(path)


def test_histogram_counts_must_add_up_to_the_games(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="add up to 39"):
        plot_histogram(Counter({0: 10, 1: 10, 2: 19}), 2, 10, tmp_path / "h.png")
    no_leftovers(tmp_path)
