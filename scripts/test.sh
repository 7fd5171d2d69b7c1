#!/usr/bin/env bash
# Every test of the project: the Rust workspace (`cargo test`), then the Python package
# (python/) built by pip and maturin into a fresh virtual environment under target/ and
# tested by pytest against the real data in tests/data. Needs only the Rust toolchain,
# python3 and the crates.io and PyPI registries (pytest, maturin, dask[distributed], ray), and for
# the page Node.js with the npm registry (playwright-core) and Debian's chromium (installed
# when missing). The Python and browser tests run the binary that `cargo test` built
# (target/debug/gridlock: optimised, with debug assertions), so that the test command
# builds no release binary.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test
bin=target/debug/gridlock
venv=target/venv
rm -rf "$venv"
python3 -m venv "$venv"
# pytest-timeout: a test that hangs (a cluster that never answers) fails after 10
# minutes with every thread's stack, instead of holding the run.
"$venv/bin/pip" install --quiet 'pytest>=7' 'pytest-timeout>=2.1'
# A real Dask cluster and a real Ray instance on this machine for the tests of counts cut
# into parts (issue 28).
"$venv/bin/pip" install --quiet 'dask[distributed]>=2024.1' 'ray>=2.9'
"$venv/bin/pip" install --quiet ./python
GRIDLOCK_BIN="$bin" "$venv/bin/python" -m pytest -q --timeout 600 --timeout-method thread python/tests
# The page of `gridlock serve` in a real browser (tests/browser/): Debian's chromium,
# installed here when missing (never a browser download), driven by playwright-core from
# npm (the version locked in tests/browser/package-lock.json).
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  else
    sudo -n apt-get update -qq && sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  fi
fi
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
GRIDLOCK="$bin" SCREENSHOT=target/serve-page.png node --test tests/browser/
