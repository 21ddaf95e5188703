#!/usr/bin/env bash
# Builds the CG IV campaign of rosters/cg-iv from its answers files: `votg new
# --cg IV --seed 1` (the seed's dice, so `votg verify` replays it), then one
# `votg refit --answers NN.answers.toml` per file in order: 00 answers the
# Initial Scenario's RePh, each later file records the scenario just played
# and answers the RePh after it. Run it again after a rules change to see
# whether the campaign still plays (a refusal names the file and the answer).
#
#   rosters/cg-iv/make.sh DIR [LAST]   # LAST: stop after that file (e.g. 07)
#
# votg is $VOTG if set, else the debug build (built first).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: rosters/cg-iv/make.sh DIR [LAST]}
last=${2:-99}
if [ -z "${VOTG:-}" ]; then
    (cd "$here/../.." && cargo build --quiet)
    VOTG=$here/../../target/debug/votg
fi
export VOTG_NOW=2026-01-01T00:00:00Z
"$VOTG" new "$dir" --cg IV --seed 1 >/dev/null
for f in "$here"/[0-9][0-9].answers.toml; do
    n=$(basename "$f" .answers.toml)
    if [ "$((10#$n))" -gt "$((10#$last))" ]; then
        break
    fi
    if ! "$VOTG" refit "$dir" --answers "$f" >"$dir.$n.out" 2>&1; then
        tail -n 20 "$dir.$n.out" >&2
        echo "make.sh: $n.answers.toml stopped; its output is in $dir.$n.out" >&2
        exit 1
    fi
    rm -f "$dir.$n.out"
done
"$VOTG" status "$dir" | head -n 4
