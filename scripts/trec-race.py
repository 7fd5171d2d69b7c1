#!/usr/bin/env python3
"""Runs `gridlock rectangles --order` on every polyomino and set that Karl Dahlke's trec
lists in its file `solution-2d` (github.com/eklhad/trec; give its path), and prints a
table: trec's published order, gridlock's answer, whether it is proven, the time.

trec's shapes are written in hex, a byte a row from the bottom (bit 0x80 the leftmost
cell, `+` a ninth cell, `{..}` more), `_` between the pieces of a set; a set is used each
piece at least once. Entries without a colon, or with `<`, are trec's best so far.

Usage: scripts/trec-race.py SOLUTION_2D [SECONDS] [THREADS]
"""
import json, os, re, subprocess, sys, tempfile, time

def drawing(hexshape):
    """trec's hex rows as a drawing (`#` a cell), top row first."""
    rows = []
    i = 0
    s = hexshape.split("~")[0]
    while i < len(s):
        byte = int(s[i:i + 2], 16)
        i += 2
        extra = ""
        if i < len(s) and s[i] == "+":
            extra = "#"
            i += 1
        elif i < len(s) and s[i] == "{":
            j = s.index("}", i)
            more = int(s[i + 1:j], 16)
            extra = "".join("#" if more & (0x80 >> b) else "." for b in range(8))
            i = j + 1
        rows.append("".join("#" if byte & (0x80 >> b) else "." for b in range(8)) + extra)
    width = max(len(r.rstrip(".")) for r in rows)
    return "\n".join(r[:width].ljust(width, ".") for r in reversed(rows))

def main():
    path = sys.argv[1]
    limit = sys.argv[2] if len(sys.argv) > 2 else "60"
    threads = sys.argv[3] if len(sys.argv) > 3 else "2"
    binary = os.environ.get("GRIDLOCK", "target/release/gridlock")
    entry = re.compile(r"^([0-9a-f+{}~_]+)(:?) order (<=? ?)?(\d+)\[(\d+)x(\d+)\]")
    print("| shape (trec) | trec | gridlock | rectangle | proven | seconds |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for line in open(path):
            m = entry.match(line)
            if not m:
                continue
            shape, colon, less, order, r, c = m.groups()
            best_so_far = not colon or bool(less)
            pieces = shape.split("_")
            text = "\n\n".join(f"P{k}\n{drawing(p)}" for k, p in enumerate(pieces))
            f = os.path.join(tmp, "pieces.txt")
            with open(f, "w") as out:
                out.write(text + "\n")
            area = max(1000, int(r) * int(c))
            start = time.time()
            run = subprocess.run([binary, "rectangles", "--pieces", f, "--order", "--format", "json",
                                  "--max-area", str(area), "--threads", threads, "--time-limit", limit],
                                 capture_output=True, text=True)
            secs = time.time() - start
            trec = ("best " if best_so_far else "") + f"{order} [{r}x{c}]"
            if not run.stdout.strip():
                print(f"| {shape} | {trec} | time limit | | no | {secs:.2f} |")
                continue
            v = json.loads(run.stdout)
            if v["verdict"] == "found":
                proven = "yes" if v["proven"] else "no"
                print(f"| {shape} | {trec} | {v['copies']} | {v['rows']}x{v['columns']} | {proven} | {secs:.2f} |")
            else:
                print(f"| {shape} | {trec} | {v['verdict']} | | {'yes' if v['proven'] else 'no'} | {secs:.2f} |")
            sys.stdout.flush()

if __name__ == "__main__":
    main()
