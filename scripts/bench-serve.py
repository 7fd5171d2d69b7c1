#!/usr/bin/env python3
"""A count through `gridlock serve`'s API against the same count on the command line,
interleaved in one run (BENCHMARKS.md, issue 33). Prints the medians and their ratio.

    python3 scripts/bench-serve.py [RUNS] [-- FLAGS...]

FLAGS default to the 60 flat pentacubes' 3x4x5 box (about 0.8 s). The API's time is the
whole request as a client sees it: connect, spawn, count, the streamed answer read to its
end. Uses target/release/gridlock; only the standard library.
"""
import json
import statistics
import subprocess
import sys
import time
import urllib.request

BIN = "target/release/gridlock"


def main():
    args = sys.argv[1:]
    runs = 9
    if args and args[0] != "--":
        runs = int(args.pop(0))
    flags = args[1:] if args[:1] == ["--"] else ["--box", "3x4x5", "--pieces", "pentacubes-flat"]
    request = {}
    i = 0
    while i < len(flags):
        key = flags[i][2:]
        if i + 1 < len(flags) and not flags[i + 1].startswith("--"):
            request[key] = flags[i + 1]
            i += 2
        else:
            request[key] = True
            i += 1
    request["count"] = True
    server = subprocess.Popen([BIN, "serve", "--port", "0"], stdout=subprocess.PIPE)
    url = server.stdout.readline().decode().split()[-1]
    body = json.dumps(request).encode()
    cli, api = [], []
    cli_count = api_count = None
    try:
        for _ in range(runs):
            t = time.perf_counter()
            out = subprocess.run([BIN, "pack", *flags, "--count"], capture_output=True, check=True, text=True)
            cli.append(time.perf_counter() - t)
            cli_count = out.stdout.strip()
            t = time.perf_counter()
            req = urllib.request.Request(url + "api/pack", data=body, headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req) as r:
                events = [json.loads(line) for line in r]
            api.append(time.perf_counter() - t)
            answer = next(e for e in events if e["event"] == "answer")
            api_count = str(answer["answer"]["count"])
    finally:
        server.kill()
    assert cli_count == api_count, (cli_count, api_count)
    c, a = statistics.median(cli), statistics.median(api)
    print(f"pack {' '.join(flags)} --count = {cli_count}, {runs} runs interleaved")
    print(f"CLI median {c:.3f} s, API median {a:.3f} s, API/CLI {a / c:.3f}")


if __name__ == "__main__":
    main()
