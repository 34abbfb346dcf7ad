#!/bin/sh
# Installs git-orx: builds it in release mode, puts `git-orx` on PATH (so
# `git orx` works), then runs `git orx demo`. Safe to run again.
#
#   ./install.sh                 installs into cargo's bin directory (~/.cargo/bin)
#   PREFIX=/usr/local ./install.sh   installs into /usr/local/bin
set -eu
cd "$(dirname "$0")"

if ! command -v cargo >/dev/null 2>&1; then
    echo "install.sh: cargo was not found; install Rust first (https://rustup.rs)" >&2
    exit 1
fi
if ! command -v git >/dev/null 2>&1; then
    echo "install.sh: git was not found; git-orx needs git" >&2
    exit 1
fi

if [ -n "${PREFIX:-}" ]; then
    cargo install --locked --force --path . --root "$PREFIX"
    bin="$PREFIX/bin"
else
    cargo install --locked --force --path .
    bin="${CARGO_HOME:-$HOME/.cargo}/bin"
fi

# Manual pages beside bin/, where man finds them for a directory on PATH
# (`git orx --help` shows `man git-orx`).
"$bin/git-orx" man "$(dirname "$bin")/share/man/man1" >/dev/null

if [ "$(command -v git-orx 2>/dev/null)" != "$bin/git-orx" ]; then
    echo
    echo "note: $bin is not first on your PATH; add it so that \`git orx\` finds git-orx:"
    echo "    export PATH=\"$bin:\$PATH\""
    PATH="$bin:$PATH"
    export PATH
fi

echo
git orx demo
