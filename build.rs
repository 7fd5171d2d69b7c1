//! Links the `gridlock` binary as a position-dependent executable on Linux (`-no-pie`):
//! the dynamic loader then has no relocations to apply to it (about 5,000, 30 page
//! faults), which takes 0.07 to 0.13 ms off every run, a tenth of a puzzle that solves
//! in a millisecond (BENCHMARKS.md, the burr rows). The price is that the binary's own
//! code is not placed at a random address. Only the binaries are linked so: the
//! libraries, the tests and the Python module stay position-independent.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
