"""Pictures: the PNG files are written, whole and decodable, and bad requests are refused with a
sentence. (What a picture shows is tested through its rows, axes and title; the pixels only for
size.)"""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.image import imread

import coinproofs as cp
from coinproofs import pictures
from coinproofs.pictures import belief_row, elimination_order, penny_figure, save
from tests.cli import coinproofs, fails_with_one_sentence

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decoded(path: Path, min_width: int = 400, min_height: int = 250) -> np.ndarray:
    """The pixels of a PNG file, after checking it is a plausible, non-blank picture."""
    assert path.read_bytes().startswith(PNG_SIGNATURE)
    pixels = imread(path)
    height, width = pixels.shape[:2]
    assert min_width <= width <= 3000 and min_height <= height <= 3000, pixels.shape
    assert len(np.unique(colours(pixels))) > 2  # not one colour, nor two
    return pixels


def colours(pixels: np.ndarray) -> np.ndarray:
    """Each pixel's colour as one whole number (its 8-bit channels side by side): a flat
    array sorts far faster than rows of channels (np.unique(axis=0): 4 s for N = 8)."""
    channels = np.rint(pixels * 255).astype(np.uint64) if pixels.dtype.kind == "f" else (
        pixels.astype(np.uint64))
    codes = np.zeros(pixels.shape[:2], dtype=np.uint64)
    for channel in range(pixels.shape[-1]):
        codes = (codes << np.uint64(8)) | channels[..., channel]
    return codes.ravel()


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

def test_the_heat_map_rows_are_the_beliefs_in_the_order_orbits_leave() -> None:
    """Norvig's table for N=4: every orbit at first, only HHHH at the end; the rows go from
    the first orbit ruled out for good to HHHH, which never goes."""
    found = cp.devil.beliefs(cp.devil.solve(4).moves, 4)
    gone = found.eliminated()
    order = elimination_order(gone)
    assert order[-1] == 0 and gone[0] is None  # HHHH at the bottom
    assert [gone[j] for j in order[:-1]] == sorted(gone[j] for j in order[:-1])
    rows = [belief_row(found.sets, j) for j in order]
    assert [row[0] for row in rows] == [1] * 6 and [row[-1] for row in rows] == [0] * 5 + [1]
    assert belief_row(found.sets, 5) == [1, 0] * 8  # TTTT: ruled out by each flip of all four
    figure = found.figure()
    heat, strip = figure.axes[:2]
    assert [label.get_text() for label in heat.get_yticklabels()] == [
        found.orbits[j] for j in order]
    assert list(strip.lines[0].get_ydata()) == found.sizes  # the strip of the belief's size
    assert "15-move strategy, N = 4" in figure.get_suptitle()


def test_the_figures_are_matplotlib_figures(tmp_path: Path) -> None:
    beliefs = cp.devil.beliefs([[0, 1, 2, 3], [0, 2]], 4)
    played = cp.devil.play(cp.devil.solve(2).moves, 2, games=10, seed=1)
    for figure in (beliefs.figure(), played.figure(), cp.penny.figure(20)):
        assert isinstance(figure, Figure)
    assert "the strategy loses" in beliefs.figure().get_suptitle()


@pytest.mark.parametrize("suffix, signature", [(".png", PNG_SIGNATURE), (".svg", b"<?xml")])
def test_pictures_are_saved_as_png_or_svg_in_one_step(tmp_path: Path, suffix: str,
                                                      signature: bytes) -> None:
    path = tmp_path / f"beliefs{suffix}"
    path.write_bytes(b"an old picture")
    save(cp.devil.beliefs(cp.devil.lamping(2), 2).figure(), path)
    assert path.read_bytes().startswith(signature)
    no_leftovers(tmp_path, path.name)


def test_other_formats_are_refused_with_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"ending in \.png or \.svg"):
        save(cp.penny.figure(10), tmp_path / "penny.pdf")
    no_leftovers(tmp_path)


def test_more_than_eight_coins_are_too_many_rows() -> None:
    with pytest.raises(ValueError, match=r"N = 9 has 60 rotation orbits.*limit is N = 8"):
        cp.devil.beliefs([list(range(9))], 9).figure()


def test_penny_picture_counts_what_it_shows(tmp_path: Path) -> None:
    losing = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20)]
    figure = penny_figure(losing, 20)
    title = figure.axes[0].get_title()
    assert "9 losing positions (a ≤ b) and 8 mirror images, 17 points" in title
    assert len(figure.axes[0].collections[0].get_offsets()) == 17
    path = tmp_path / "penny.png"
    save(figure, path)
    decoded(path)


@pytest.mark.parametrize("losing, max_pile, words", [
    ([(0, 0), (3, 5)], 4, r"position \(3, 5\) is off the grid"),
    ([(0, 0)], -1, "must not be negative"),
])
def test_bad_penny_pictures_are_refused(losing: list[tuple[int, int]], max_pile: int,
                                        words: str) -> None:
    with pytest.raises(ValueError, match=words):
        penny_figure(losing, max_pile)


def test_histogram_draws_the_expected_counts_and_the_lost_games(tmp_path: Path) -> None:
    played = cp.devil.play([[0], [0, 1]], 2, games=100, seed=3)
    assert played.lost > 0 and played.expected is not None
    figure = played.figure()
    axes = figure.axes[0]
    assert axes.lines and list(axes.lines[0].get_ydata()) == pytest.approx(played.expected)
    assert "lost" in [label.get_text() for label in axes.get_xticklabels()]
    path = tmp_path / "h.png"
    save(figure, path)
    decoded(path)


def test_expected_counts_are_exact_where_the_theory_says() -> None:
    """A winning strategy of 2^N - 1 moves: each move number is equally likely, K per move."""
    played = cp.devil.play(cp.devil.solve(4).moves, 4, games=50, seed=2)
    assert played.expected == pytest.approx([50.0] * 16)
    assert sum(played.counts.values()) == 800
