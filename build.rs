//! What the build needs beyond `Cargo.toml`.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // git-orx starts inside every commit (its hooks run it), so its start
    // counts. Linked as a position-independent executable, the dynamic
    // loader applies some 40,000 relocations to it at each start and
    // copies the pages they touch; linked at a fixed address, it needs
    // none of them. Only the `git-orx` binary is linked so (tests and
    // benches as before), and only where the C toolchain is GNU's on
    // Linux, which knows `-no-pie`; everything is still compiled as
    // position-independent code, which links either way.
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bin=git-orx=-no-pie");
    }
}
