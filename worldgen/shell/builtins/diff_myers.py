"""Myers' O(ND) difference algorithm in linear space (Myers 1986, section 4b), as diff_script.py's
search: from both corners at once until the two searches meet on a snake, then each half the same
way. Ties go as in GNU diff (the forward search steps first; a path grows by a deletion
rather than an insertion when both reach as far), and past a cost of about the square root of the input (at least 4096) it splits where the
search got furthest instead of going on: GNU's output depends on both."""

from __future__ import annotations

from collections.abc import Callable

from worldgen.shell.budget import charge

STEP_COST = 16  # units per diagonal the search steps along: a Python loop's round each, not C's


class Myers:
    """The search over two sequences of line numbers."""

    def __init__(self, x: list[int], y: list[int]):
        self.x, self.y = x, y
        self.offset = len(y) + 1  # diagonals run from -len(y)-1 to len(x)+1
        self.forward = [0] * (len(x) + len(y) + 3)
        self.backward = [0] * (len(x) + len(y) + 3)
        diagonals, self.too_expensive = len(x) + len(y) + 3, 1
        while diagonals:
            diagonals >>= 2
            self.too_expensive <<= 1
        self.too_expensive = max(4096, self.too_expensive)

    def run(self, delete: Callable[[int], object], insert: Callable[[int], object], minimal: bool = False) -> None:
        """Report each deleted line of x and inserted line of y. A half found from a middle snake
        is searched to the end (GNU's "minimal" halves); only the whole, or the far side of a
        split that cost too much, may stop early."""
        x, y = self.x, self.y
        todo = [(0, len(x), 0, len(y), minimal)]
        while todo:
            xoff, xlim, yoff, ylim, minimal = todo.pop()
            while xoff < xlim and yoff < ylim and x[xoff] == y[yoff]:
                xoff, yoff = xoff + 1, yoff + 1
            while xoff < xlim and yoff < ylim and x[xlim - 1] == y[ylim - 1]:
                xlim, ylim = xlim - 1, ylim - 1
            if xoff == xlim:
                for j in range(yoff, ylim):
                    insert(j)
            elif yoff == ylim:
                for i in range(xoff, xlim):
                    delete(i)
            else:
                xmid, ymid, low, high = self._middle(xoff, xlim, yoff, ylim, minimal)
                todo += [(xmid, xlim, ymid, ylim, high), (xoff, xmid, yoff, ymid, low)]

    def _middle(self, xoff: int, xlim: int, yoff: int, ylim: int, minimal: bool) -> tuple[int, int, bool, bool]:
        """Where a shortest script crosses the middle: the first snake the forward and backward
        searches share."""
        x, y, fd, bd, o = self.x, self.y, self.forward, self.backward, self.offset
        dmin, dmax = xoff - ylim, xlim - yoff
        fmid, bmid = xoff - yoff, xlim - ylim
        fmin = fmax = fmid
        bmin = bmax = bmid
        odd = (fmid - bmid) & 1
        fd[o + fmid], bd[o + bmid] = xoff, xlim
        far = xlim + 1  # past every x: "not reached" for the backward search
        cost = 0
        while True:
            cost += 1
            if fmin > dmin:
                fmin -= 1
                fd[o + fmin - 1] = -1
            else:
                fmin += 1
            if fmax < dmax:
                fmax += 1
                fd[o + fmax + 1] = -1
            else:
                fmax -= 1
            work = fmax - fmin + bmax - bmin
            for d in range(fmax, fmin - 1, -2):
                lo, hi = fd[o + d - 1], fd[o + d + 1]
                i = hi if lo < hi else lo + 1
                j = i - d
                start = i
                while i < xlim and j < ylim and x[i] == y[j]:
                    i, j = i + 1, j + 1
                work += i - start
                fd[o + d] = i
                if odd and bmin <= d <= bmax and bd[o + d] <= i:
                    charge(STEP_COST * work)
                    return i, j, True, True
            if bmin > dmin:
                bmin -= 1
                bd[o + bmin - 1] = far
            else:
                bmin += 1
            if bmax < dmax:
                bmax += 1
                bd[o + bmax + 1] = far
            else:
                bmax -= 1
            for d in range(bmax, bmin - 1, -2):
                lo, hi = bd[o + d - 1], bd[o + d + 1]
                i = lo if lo < hi else hi - 1
                j = i - d
                start = i
                while i > xoff and j > yoff and x[i - 1] == y[j - 1]:
                    i, j = i - 1, j - 1
                work += start - i
                bd[o + d] = i
                if not odd and fmin <= d <= fmax and i <= fd[o + d]:
                    charge(STEP_COST * work)
                    return i, j, True, True
            charge(STEP_COST * work)
            if not minimal and cost >= self.too_expensive:
                return self._furthest(xoff, xlim, yoff, ylim, (fmin, fmax), (bmin, bmax))

    def _furthest(self, xoff: int, xlim: int, yoff: int, ylim: int,
                  fwd: tuple[int, int], bwd: tuple[int, int]) -> tuple[int, int, bool, bool]:
        """The search cost too much: split where the forward search got furthest (largest x+y),
        or the backward one (smallest), whichever went further from its corner."""
        fd, bd, o = self.forward, self.backward, self.offset
        fbest, fx = -1, 0
        for d in range(fwd[1], fwd[0] - 1, -2):
            i = min(fd[o + d], xlim)
            if i - d > ylim:
                i = ylim + d
            if fbest < 2 * i - d:
                fbest, fx = 2 * i - d, i
        bbest, bx = xlim + ylim + 1, 0
        for d in range(bwd[1], bwd[0] - 1, -2):
            i = max(xoff, bd[o + d])
            if i - d < yoff:
                i = yoff + d
            if 2 * i - d < bbest:
                bbest, bx = 2 * i - d, i
        if (xlim + ylim) - bbest < fbest - (xoff + yoff):
            return fx, fbest - fx, True, False
        return bx, bbest - bx, False, True
