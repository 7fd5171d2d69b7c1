#!/usr/bin/env python3
"""Counts, per file, the assemblies that BurrTools' burrTxt takes apart when it is given
them one at a time: `gridlock burr FILE --all --write-xmpuzzle` saves every assembly,
each is put alone in a copy of the file, and `burrTxt -x -d` (BURRTXT names a binary
built by hand from BurrTools' public source, outside this tree) disassembles it afresh.

One at a time, because burrTxt's piece groups carry over from one assembly to the next
in a run: its grouping_c::reSet clears the sets of pieces but never gives back the group
counts they used, so once some assemblies have used a group's counts, later assemblies
of the same run find the group full (see docs/burr.md). Prints, per file, a line of
tests/data/burr/groups/per-assembly.tsv: file, assemblies, solutions, the assemblies where
burrTxt did not finish in 10 s (it loops forever on some groupings: grouping_c's
addPieceToSet steps `p` where it means `p2`), and the solutions of the same file in one
burrTxt run.

Usage: BURRTXT=/path/to/burrTxt scripts/burr-groups-per-assembly.py FILE..."""

import gzip
import os
import re
import subprocess
import sys
import tempfile

BIN = os.environ.get("GRIDLOCK", "target/release/gridlock")
BURRTXT = os.environ["BURRTXT"]


def text_of(path):
    raw = open(path, "rb").read()
    try:
        return gzip.decompress(raw).decode()
    except OSError:
        return raw.decode()


def main():
    for path in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as tmp:
            saved = os.path.join(tmp, "all.xmpuzzle")
            subprocess.run([BIN, "burr", path, "--all", "--write-xmpuzzle", saved], check=True, capture_output=True)
            text = text_of(saved)
            block = re.search(r"<solutions>(.*)</solutions>", text, re.S)
            assemblies = re.findall(r"<solution.*?</solution>", block.group(1), re.S)
            solutions, hung = 0, 0
            one = os.path.join(tmp, "one.xmpuzzle")
            for assembly in assemblies:
                with open(one, "w") as f:
                    f.write(text[: block.start(1)] + assembly + text[block.end(1) :])
                try:
                    out = subprocess.run([BURRTXT, "-x", "-d", one], capture_output=True, text=True, timeout=10).stdout
                    solutions += "level:" in out
                except subprocess.TimeoutExpired:
                    hung += 1
            run = subprocess.run([BURRTXT, "-d", "-q", path], capture_output=True, text=True, timeout=600).stdout
            whole = re.search(r"(\d+) solutions", run).group(1)
            print(f"{os.path.basename(path)}\t{len(assemblies)}\t{solutions}\t{hung}\t{whole}")


if __name__ == "__main__":
    main()
