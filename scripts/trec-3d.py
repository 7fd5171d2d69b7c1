#!/usr/bin/env python3
"""Runs `gridlock rectangles --lattice cubic --mirror --order` on every polycube of Karl
Dahlke's list `theorems/hexlist-3d` (github.com/eklhad/trec; give its path) and prints a
table: trec's order, gridlock's answer, the box, whether it is proven, the time.

trec writes a polycube as its layers joined by `!`, each layer in hex, a byte a row
(bit 0x80 the leftmost cell); its 3D orders let pieces be mirrored, hence --mirror.
A line `SHAPE:N` is a proven order (0: no box), `<=N` a best so far, `?` unknown.

Usage: scripts/trec-3d.py HEXLIST_3D [SECONDS] [THREADS] [MAX_VOLUME]
"""
import importlib.util, json, os, re, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("trec_race", os.path.join(here, "trec-race.py"))
trec_race = importlib.util.module_from_spec(spec)
spec.loader.exec_module(trec_race)

def layers(shape):
    """A polycube's layers as drawings, blank-line separated, all as wide as the widest."""
    drawn = [trec_race.drawing(layer) if layer.strip("0") else "." for layer in shape.split("!")]
    rows = max(len(d.split("\n")) for d in drawn)
    width = max(len(r) for d in drawn for r in d.split("\n"))
    out = []
    for d in drawn:
        lines = d.split("\n")
        lines = ["." * width] * (rows - len(lines)) + [l.ljust(width, ".") for l in lines]
        out.append("\n".join(lines))
    return "\n\n".join(out)

def main():
    path = sys.argv[1]
    limit = sys.argv[2] if len(sys.argv) > 2 else "30"
    threads = sys.argv[3] if len(sys.argv) > 3 else "1"
    volume = sys.argv[4] if len(sys.argv) > 4 else "1000"
    binary = os.environ.get("GRIDLOCK", "target/release/gridlock")
    entry = re.compile(r"^([0-9a-f!]+):(.*)$")
    print("| polycube (trec) | trec | gridlock | box | proven | seconds |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for line in open(path):
            m = entry.match(line.strip())
            if not m:
                continue
            shape, theirs = m.groups()
            f = os.path.join(tmp, "piece.txt")
            with open(f, "w") as out:
                out.write(f"lattice: cubic\n{shape} *\n{layers(shape)}\n")
            start = time.time()
            run = subprocess.run([binary, "rectangles", "--pieces", f, "--order", "--mirror", "--format", "json",
                                  "--max-area", volume, "--threads", threads, "--time-limit", limit],
                                 capture_output=True, text=True)
            secs = time.time() - start
            if run.returncode == 3:
                print(f"| {shape} | {theirs} | time limit | | | {secs:.1f} |")
                continue
            if run.returncode != 0:
                print(f"| {shape} | {theirs} | error: {run.stderr.strip()} | | | |")
                continue
            a = json.loads(run.stdout)
            if a["verdict"] == "found":
                box = "x".join(str(s) for s in sorted(a["sides"]))
                print(f"| {shape} | {theirs} | {a['copies']} | {box} | {a['proven']} | {secs:.2f} |")
            elif a["verdict"] == "impossible":
                print(f"| {shape} | {theirs} | 0 (no corner) | | True | {secs:.2f} |")
            else:
                print(f"| {shape} | {theirs} | none | | {a['bound']} | {secs:.2f} |")
            sys.stdout.flush()

if __name__ == "__main__":
    main()
