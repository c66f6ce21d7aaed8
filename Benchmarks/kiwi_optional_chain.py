#!/usr/bin/env python3
"""kiwisolver on the optional chain (docs/PERFORMANCE.md §Scale), the system ivsim-bench's
"cassowary build+solve optional chain of N views" row solves: N views in a row, each view's
left edge tied to the previous view's right edge at priority 750 (kiwi strength 750), every
top, width and height required (top == root.top, width == height == 1), the first view at the
root's left edge, the root at (0, 0). Prints lines in kiwi_bench.py's format, so its output can
be appended to kiwi_bench.py's and given to `ivsim-bench --kiwi`.

    python3 Benchmarks/kiwi_optional_chain.py [N ...]      (default: 1000 2000)
"""
import statistics, sys
from time import perf_counter
import kiwisolver as kiwi


def build(n):
    s = kiwi.Solver()
    rl, rt = kiwi.Variable("root.left"), kiwi.Variable("root.top")
    s.addConstraint(rl == 0)
    s.addConstraint(rt == 0)
    prev = None
    for i in range(n):
        l, t, w, h = (kiwi.Variable(f"v{i}.{k}") for k in "ltwh")
        s.addConstraint(t == rt)
        s.addConstraint(w == 1)
        s.addConstraint(h == 1)
        if prev is None:
            s.addConstraint(l == rl)
        else:
            s.addConstraint((l == prev[0] + prev[1]) | 750)
        prev = (l, w)
    s.updateVariables()
    return prev


def median_ms(fn, runs):
    fn()
    ts = []
    for _ in range(runs):
        t0 = perf_counter(); fn(); ts.append((perf_counter() - t0) * 1000)
    return statistics.median(ts), min(ts), max(ts)


for n in [int(a) for a in sys.argv[1:]] or [1000, 2000]:
    m, lo, hi = median_ms(lambda: build(n), runs=3 if n > 1000 else 5)
    print(f"kiwisolver {kiwi.__version__}: build+solve optional chain of {n} views: median {m:.3f} ms ({lo:.3f}-{hi:.3f})")
    print(f"  check: last view x = {build(n)[0].value():.3f}")
