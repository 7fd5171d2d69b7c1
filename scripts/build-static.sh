#!/usr/bin/env bash
# Builds target/release/gridlock linked statically against glibc (Linux, x86-64 GNU
# targets): the dynamic loader then has no libraries to map and bind, which takes the
# process start from about 0.7 to 0.35 ms of CPU on the CI machine (BENCHMARKS.md, the
# burr rows: files that solve in a millisecond). Only the binary gets the flags (`cargo
# rustc` passes them to the last crate), so the libraries, the proc-macros, the tests and
# the Python module build as usual. A later `cargo build --release` links the binary
# dynamically again.
#
# What a static glibc binary loses is the system's name service (its shared NSS
# modules); gridlock looks up no names: `gridlock serve --host` takes an IP address.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo rustc --release --locked --bin gridlock "$@" -- -C target-feature=+crt-static -C relocation-model=static
