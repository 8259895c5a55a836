#!/usr/bin/env python3
"""Writes one case file line whose update holds N row moves (default 1,000,000).

    python3 Tools/big-moves-line.py 1000000 > /tmp/moves-1m.jsonl
    /usr/bin/time -v .build/release/batchcheck validate /tmp/moves-1m.jsonl

By default the rows are one section of one row and every move is the same
move (0,0) -> (0,0), exact duplicates UIKit drops: a 13 MB line, valid.
With --reverse, one section of N rows is reversed (row i moves to N-1-i):
a 38 MB line, valid too.
"""
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
reverse = "--reverse" in sys.argv[1:]
n = int(args[0]) if args else 1_000_000
out = sys.stdout
if reverse:
    out.write('{"name":"reverse-%d","old":[[' % n)
    out.write(",".join(map(str, range(n))))
    out.write(']],"new":[[')
    out.write(",".join(map(str, range(n - 1, -1, -1))))
    out.write(']],"update":{"moveRows":[')
    out.write(",".join("[[0,%d],[0,%d]]" % (i, n - 1 - i) for i in range(n)))
else:
    out.write('{"name":"same-move-%d","old":[[0]],"new":[[0]],"update":{"moveRows":[' % n)
    out.write(",".join(["[[0,0],[0,0]]"] * n))
out.write(']},"expect":{"verdict":"valid"}}\n')
