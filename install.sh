#!/bin/sh
# Installs git-orx: builds it in release mode, puts `git-orx` on PATH (so
# `git orx` works), installs its manual pages and shell completions, then
# runs `git orx demo`. Safe to run again.
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

# cargo shows its own progress (a bar on a terminal, a line per crate
# elsewhere); the last step, compiling git-orx itself, is the longest.
echo "install.sh: building git-orx in release mode: 3 to 7 minutes on two cores; the last step, \`Compiling git-orx\`, takes most of them"
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

# Shell completions where each shell looks for them (`git orx <TAB>` too,
# through git's own completion). A shell that is not installed is skipped.
# With PREFIX, bash's go beside the manual pages, under PREFIX/share.
if [ -n "${PREFIX:-}" ]; then
    data="$PREFIX/share"
else
    data="${XDG_DATA_HOME:-$HOME/.local/share}"
fi
if command -v bash >/dev/null 2>&1; then
    mkdir -p "$data/bash-completion/completions"
    "$bin/git-orx" completions bash >"$data/bash-completion/completions/git-orx"
fi
if command -v zsh >/dev/null 2>&1; then
    # The first directory of zsh's fpath the user can write to, else
    # ~/.zfunc (add `fpath+=~/.zfunc` before `compinit` in ~/.zshrc).
    zdir=$(zsh -fc 'for d in $fpath; do [ -w "$d" ] && [ "${d#$HOME}" != "$d" ] && { echo "$d"; exit; }; done' 2>/dev/null || true)
    zdir="${zdir:-$HOME/.zfunc}"
    mkdir -p "$zdir"
    "$bin/git-orx" completions zsh >"$zdir/_git-orx"
fi
if command -v fish >/dev/null 2>&1; then
    fdir="${XDG_CONFIG_HOME:-$HOME/.config}/fish/completions"
    mkdir -p "$fdir"
    "$bin/git-orx" completions fish >"$fdir/git-orx.fish"
fi

# Notes are printed last, after the demo, where they do not scroll away.
notes=
note() { notes="$notes
note: $1"; }
have_bash_completion() {
    for f in /usr/share/bash-completion/bash_completion /etc/bash_completion \
        /opt/homebrew/etc/profile.d/bash_completion.sh /usr/local/etc/profile.d/bash_completion.sh; do
        [ -r "$f" ] && return 0
    done
    return 1
}
if command -v bash >/dev/null 2>&1 && ! have_bash_completion; then
    note "bash completion is in $data/bash-completion/completions/git-orx, which only the bash-completion package loads by itself; without it, add to ~/.bashrc:
    . \"$data/bash-completion/completions/git-orx\""
fi
if [ -n "${zdir:-}" ] && [ "$zdir" = "$HOME/.zfunc" ] && ! grep -qs zfunc "${ZDOTDIR:-$HOME}/.zshrc"; then
    note "zsh completion is in ~/.zfunc; add \`fpath+=~/.zfunc\` before \`compinit\` in ~/.zshrc"
fi
if [ "$(command -v git-orx 2>/dev/null)" != "$bin/git-orx" ]; then
    note "$bin is not first on your PATH; add it so that \`git orx\` finds git-orx (in ~/.profile or your shell's rc file):
    export PATH=\"$bin:\$PATH\""
    PATH="$bin:$PATH"
    export PATH
fi

echo
git orx demo
echo
echo "install.sh: git-orx $("$bin/git-orx" --version | cut -d' ' -f2) is installed in $bin"
if [ -n "$notes" ]; then
    printf '%s\n' "$notes" | tail -n +2
fi
