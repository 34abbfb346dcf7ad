//! Links `git-orx` with its relative relocations packed (`DT_RELR`) on
//! GNU/Linux, where the linker and the C library know them (binutils
//! 2.38, glibc 2.36; an older linker ignores the option with a warning).
//!
//! git runs git-orx in its hooks on every judged commit, and agents start
//! it for every `status` and `next`: its start is paid each time. The
//! binary holds tens of thousands of pointers the loader must relocate
//! (the compiled-in workflows, messages and tables); packed, their table
//! shrinks from over a megabyte to a few kilobytes and the loader applies
//! them faster, about half a millisecond of every start on the machine
//! `docs/performance.md` measures. The executable stays position
//! independent (its addresses still randomised), which a non-PIE link
//! would give up for a little more.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo::rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
