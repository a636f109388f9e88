"""The native core's certificates (the DAG format of docs/norepeat.md) for 1 to 5 coins, read
and checked here by a small reader written from the format alone: no code of the solver."""

from __future__ import annotations

import struct
from itertools import permutations
from pathlib import Path

import pytest

from coinproofs.games.norepeat import DAG_MAGIC, NoRepeats, extract

NO_CHILD, NO_REPLY = 0xFFFFFFFF, 255


def reduced(n: int, seen: int, current: int) -> int:
    """The seen set with every unseen pattern `current` cannot reach through unseen ones seen."""
    region, todo = {current}, [current]
    while todo:
        x = todo.pop()
        for coin in range(n):
            y = x ^ 1 << coin
            if not seen >> y & 1 and y not in region:
                region.add(y)
                todo.append(y)
    return (1 << (1 << n)) - 1 & ~sum(1 << x for x in region if x != current)


def moves(n: int, seen: int, current: int) -> list[int]:
    return [coin for coin in range(n) if not seen >> (current ^ 1 << coin) & 1]


def mapped(n: int, automorphism: int, seen: int, current: int) -> tuple[int, int]:
    """The position's image under the automorphism with this index."""
    order, flip = list(permutations(range(n)))[automorphism >> n], automorphism & (1 << n) - 1

    def sigma(x: int) -> int:
        return sum(1 << order[i] for i in range(n) if x >> i & 1) ^ flip

    return sum(1 << sigma(x) for x in range(1 << n) if seen >> x & 1), sigma(current)


def check(data: bytes) -> tuple[int, bool, int, int]:
    """(coins, misère, winner, nodes) of a certificate; AssertionError if it is wrong."""
    assert data[:8] == DAG_MAGIC
    n, misere, winner, first = data[8:12]
    (count,) = struct.unpack_from("<Q", data, 12)
    at, nodes = 20, []
    for _ in range(count):
        seen, current, m = struct.unpack_from("<QBB", data, at)
        at += 10
        records = [struct.unpack_from("<BII", data, at + 9 * k) for k in range(m)]
        at += 9 * m
        nodes.append((seen, current, records))
    assert at == len(data), "the file goes on after the last node"
    start = (1, 0) if winner == 2 else (1 | 1 << (1 << first), 1 << first)
    assert nodes[0][:2] == (reduced(n, *start), start[1])
    for seen, current, records in nodes:
        coins = moves(n, seen, current)
        assert len(records) == len(coins)
        for coin, (reply, automorphism, child) in zip(coins, records, strict=True):
            u = current ^ 1 << coin
            after = seen | 1 << u
            if reply == NO_REPLY:
                assert misere and not moves(n, after, u)
                continue
            assert reply in moves(n, after, u)
            w = u ^ 1 << reply
            final = after | 1 << w
            if child == NO_CHILD:
                assert not misere and not moves(n, final, w)
                continue
            assert moves(n, final, w) or not misere
            image = mapped(n, automorphism, reduced(n, final, w), w)
            assert image == nodes[child][:2]
    return n, bool(misere), winner, count


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_the_certificate_checks_and_names_the_winner(n: int, misere: bool,
                                                     tmp_path: Path) -> None:
    path = tmp_path / "cert"
    count = extract(n, misere, path, table_bytes=1 << 22)
    winner = 1 if NoRepeats(n, misere, native=False).winner == "first" else 2
    assert check(path.read_bytes()) == (n, misere, winner, count)


def test_a_tampered_certificate_fails_the_check(tmp_path: Path) -> None:
    """The check above can fail: a reply or an automorphism changed is caught."""
    path = tmp_path / "cert"
    extract(4, True, path, table_bytes=1 << 22)
    data = bytearray(path.read_bytes())
    check(bytes(data))
    records = 20 + 10  # the first record of node 0
    for offset, value in ((records, (data[records] + 1) % 4), (records + 1, data[records + 1] ^ 1)):
        tampered = bytearray(data)
        tampered[offset] = value
        with pytest.raises(AssertionError):
            check(bytes(tampered))
