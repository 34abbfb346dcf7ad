#!/bin/sh
# Builds the sample repository of docs/report-sample.sh, serves its
# `git orx board` as of the sample's last day, and takes the screenshot
# docs/images/board.png with a headless Chromium at a laptop's size.
# Usage: docs/board-sample.sh [DIR] (default: a temp dir).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$(mktemp -d)}
SAMPLE_ONLY=1 sh "$here/report-sample.sh" "$dir"
cd "$dir/sample"
# The board as of the sample's last day: the times in state, the stuck.
GIT_COMMITTER_DATE="2026-03-16T13:00:00Z" git orx board --write > "$dir/board.out" &
board=$!
trap 'kill $board' EXIT
sleep 1
url=$(sed -n 's/^board: //p' "$dir/board.out")
# The first board builds the caches; the page then opens at once.
curl -s "${url%%\?*}api/board" >/dev/null
profile=$(mktemp -d)
mkdir -p "$here/images"
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --user-data-dir="$profile" --timeout=3000 \
    --screenshot="$here/images/board.png" --window-size=1366,640 "$url" 2>/dev/null
rm -rf "$profile"
echo "wrote $here/images/board.png"
