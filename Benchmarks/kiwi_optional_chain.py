#!/usr/bin/env python3
"""kiwisolver on the optional chain (docs/PERFORMANCE.md §Scale), the system ivsim-bench's
"cassowary build+solve optional chain of N views" row solves: N views in a row, each view's
left edge tied to the previous view's right edge at priority 750 (kiwi strength 750), every
top, width and height required (top == root.top, width == height == 1), the first view at the
root's left edge, the root at (0, 0). Prints lines in kiwi_bench.py's format, so its output can
be appended to kiwi_bench.py's and given to `ivsim-bench --kiwi`.

    python3 Benchmarks/kiwi_optional_chain.py [--sizes-last] [N ...]      (default: 1000 2000)

With --sizes-last every link is added first and the tops, widths and heights after them: the
order in which a scenario that lists its links first reaches a solver that takes constraints in
file order (ivsim's "load optional chain of N views, sizes last" row groups them instead,
docs/LAYOUT.md §Solver order).
"""
import statistics, sys
from time import perf_counter
import kiwisolver as kiwi


def build(n, sizes_last=False):
    s = kiwi.Solver()
    rl, rt = kiwi.Variable("root.left"), kiwi.Variable("root.top")
    s.addConstraint(rl == 0)
    s.addConstraint(rt == 0)
    prev = None
    later = []
    for i in range(n):
        l, t, w, h = (kiwi.Variable(f"v{i}.{k}") for k in "ltwh")
        own = [t == rt, w == 1, h == 1]
        if sizes_last:
            later += own
        else:
            for c in own:
                s.addConstraint(c)
        if prev is None:
            s.addConstraint(l == rl)
        else:
            s.addConstraint((l == prev[0] + prev[1]) | 750)
        prev = (l, w)
    for c in later:
        s.addConstraint(c)
    s.updateVariables()
    return prev


def median_ms(fn, runs):
    fn()
    ts = []
    for _ in range(runs):
        t0 = perf_counter(); fn(); ts.append((perf_counter() - t0) * 1000)
    return statistics.median(ts), min(ts), max(ts)


sizes_last = "--sizes-last" in sys.argv
for n in [int(a) for a in sys.argv[1:] if not a.startswith("--")] or [1000, 2000]:
    # Sizes last is cubic in kiwisolver (seconds to tens of seconds): one timed run.
    m, lo, hi = median_ms(lambda: build(n, sizes_last), runs=1 if sizes_last else 3 if n > 1000 else 5)
    label = ", sizes last" if sizes_last else ""
    print(f"kiwisolver {kiwi.__version__}: build+solve optional chain of {n} views{label}: median {m:.3f} ms ({lo:.3f}-{hi:.3f})")
    print(f"  check: last view x = {build(n, sizes_last)[0].value():.3f}")
