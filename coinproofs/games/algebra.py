"""The algebra of the devil's coin flip: X^N + 1 over GF(2), with sympy.

A state of N coins is a polynomial over GF(2): S(X) = the sum of X^i over the positions i that
show tails, taken modulo X^N + 1. Turning the table by one multiplies by X; a move adds its
polynomial. If h divides X^N + 1 and shares no factor with X + 1 (and is not 1), the devil can
keep S mod h != 0 forever (docs/lemmas.md), so no strategy wins. This module finds such an h:
the *coprime factor* of X^N + 1, what is left of it once every factor X + 1 is divided out.

Polynomials are ints here as everywhere in coinproofs: bit i is the coefficient of X^i.
"""

from __future__ import annotations

from functools import cache

from sympy import Poly, symbols

X = symbols("X")
X_PLUS_1 = 0b11


def poly(coefficients: int) -> Poly:
    """The sympy polynomial over GF(2) whose coefficient of X^i is bit i of `coefficients`.

    >>> poly(0b1011)
    Poly(X**3 + X + 1, X, modulus=2)
    """
    highest_first = [int(bit) for bit in format(coefficients, "b")]
    return Poly.from_list(highest_first, X, modulus=2)


def bits(polynomial: Poly) -> int:
    """The int whose bit i is the coefficient of X^i in a polynomial over GF(2).

    >>> bits(poly(0b1011))
    11
    """
    return sum(1 << i for (i,), coefficient in polynomial.terms() if coefficient % 2)


def x_n_plus_1(n: int) -> int:
    """X^n + 1 as an int.

    >>> bin(x_n_plus_1(3))
    '0b1001'
    """
    return 1 << n | 1


@cache
def factors(n: int) -> tuple[tuple[int, int], ...]:
    """The irreducible factors of X^n + 1 over GF(2) with their multiplicities, in increasing
    order of the factors.

    >>> factors(6)  # X^6 + 1 = (X + 1)^2 (X^2 + X + 1)^2
    ((3, 2), (7, 2))
    >>> factors(8)  # (X + 1)^8: only X + 1
    ((3, 8),)
    """
    _, pairs = poly(x_n_plus_1(n)).factor_list()
    return tuple(sorted((bits(factor), multiplicity) for factor, multiplicity in pairs))


def coprime_factor(n: int) -> int | None:
    """The largest factor of X^n + 1 that shares no factor with X + 1, or None when there is
    none, which happens exactly when n is a power of two.

    With n = 2^k * m, m odd, X^n + 1 = (X^m + 1)^(2^k) = (X + 1)^(2^k) (1 + X + ... + X^(m-1))^(2^k)
    and the last factor is 1 at X = 1, so X + 1 divides X^n + 1 exactly 2^k times: dividing
    those out leaves the product of every other irreducible factor (what `factors` lists),
    without having to factor X^n + 1.

    >>> bin(coprime_factor(6))  # (X^2 + X + 1)^2 = X^4 + X^2 + 1
    '0b10101'
    >>> coprime_factor(16) is None
    True
    """
    quotient, remainder = poly(x_n_plus_1(n)).div(poly(X_PLUS_1) ** (n & -n))
    assert remainder.is_zero, "(X + 1)^(2^k) divides X^n + 1"
    h = bits(quotient)
    return None if h == 1 else h
