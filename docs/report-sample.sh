#!/bin/sh
# Builds a sample repository whose stories move over three weeks, then
# writes its `git orx report` and, with a headless Chromium, the screenshot
# docs/report.png. Usage: docs/report-sample.sh [DIR] (default: a temp dir).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$(mktemp -d)}
mkdir -p "$dir" && cd "$dir"
git init -q -b main sample && cd sample
git config user.name "Sample Team" && git config user.email team@example.com
start=$(date -u -d 2026-03-02T09:00:00Z +%s)
# at HOURS git orx ARGS...: the command as if run HOURS after the start.
at() {
    t="@$((start + $1 * 3600)) +0000"; shift
    GIT_AUTHOR_DATE=$t GIT_COMMITTER_DATE=$t "$@" >/dev/null
}
measured="--structure 100 --extraction 100 --reason sample"
at 0 git orx init
git add .orx && at 0 git commit -qm "Set up git-orx"
story() { # HOURS TITLE ASSESS-ARGS...
    h=$1 title=$2; shift 2
    at "$h" git orx new "$title" --as sm
    id=$(git orx status --json | sed -n 's/.*"id": "\([0-9.]*\)".*/\1/p' | sort -t. -k2 -n | tail -1)
    at "$((h + 2))" git orx story assess "$id" --as sm $measured "$@"
}
qa_pass() { at "$1" git orx story gate "$2" --as qa --critical 0 --high 0 --low 1 --criteria-met; }
work() { # START ID HOURS-TO-REVIEW
    at "$1" git orx move "$2" InProgress --as dev
    at "$(($1 + $3))" git orx move "$2" Review --as dev
}
story 0 "User login" --score 8.5;                       work 6 1.1 30; qa_pass 40 1.1
story 4 "Password reset" --score 9.0;                   work 40 1.2 20; qa_pass 64 1.2
story 8 "Payment webhooks" --score 7.0 --complexity cross-service
at 30 git orx story gate 1.3 --as architect --score 8 --critical 0 --minor 1
work 70 1.3 48
at 122 git orx story gate 1.3 --as qa --critical 0 --high 2 --medium 2 --criteria-failed
at 140 git orx move 1.3 Review --as dev
at 150 git orx story gate 1.3 --as qa --critical 0 --high 0 --medium 2 --criteria-met
story 20 "Data export" --score 5.0
at 60 git orx story assess 1.4 --as sm $measured --score 8.0 --complexity api-contract,db-schema
at 80 git orx story gate 1.4 --as architect --score 6 --critical 0 --minor 3
at 100 git orx story assess 1.4 --as sm $measured --score 8.5 --complexity api-contract,db-schema
work 130 1.4 60; qa_pass 200 1.4
story 50 "Multi-region failover" --score 9.0 --complexity new-pattern,cross-service,performance
at 90 git orx story gate 1.5 --as architect --score 7 --critical 1 --escalate
at 160 git orx move 1.5 Approved --as human -m "availability first"
work 180 1.5 90
story 96 "Audit trail export" --score 8.5;              work 120 1.6 26; qa_pass 170 1.6
story 140 "Rate limiting" --score 8.0 --complexity security --review
at 190 git orx story gate 1.7 --as architect --score 9 --critical 0
work 220 1.7 40; qa_pass 290 1.7
story 200 "Search filters" --score 8.5;                 work 230 1.8 30
at 300 git orx story gate 1.8 --as qa --critical 1 --high 0 --criteria-failed
story 240 "Dark mode" --score 6.0
story 280 "Notifications" --score 8.5;                  work 300 1.10 12
story 310 "Onboarding tour" --score 4.0
story 330 "Team invites" --score 8.5
end=$((start + 340 * 3600))
# SAMPLE_ONLY=1: the repository alone (docs/board-sample.sh builds on it).
[ "${SAMPLE_ONLY:-}" = 1 ] && exit 0
GIT_COMMITTER_DATE="@$end +0000" git orx report --html "$dir/report.html"
if command -v chromium >/dev/null 2>&1; then
    profile=$(mktemp -d)
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" --screenshot="$here/report.png" \
        --window-size=1200,2000 "file://$dir/report.html" 2>/dev/null
    rm -rf "$profile"
    echo "wrote $here/report.png"
fi
