#!/usr/bin/env bash
# Rebuilds the sample campaigns in rosters/ (the README walkthrough). A test
# (tests/samples.rs) checks that they are exactly what this script makes, so
# run it after changing what votg writes, and commit the result.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet
votg=target/debug/votg
export VOTG_NOW=2026-01-01T00:00:00Z
rm -rf rosters/cg-i-new rosters/cg-i-walkthrough rosters/cg-i-aftermath
$votg new rosters/cg-i-new --cg I --seed 1942 >/dev/null
$votg new rosters/cg-i-walkthrough --cg I --seed 1942 >/dev/null
$votg refit rosters/cg-i-walkthrough --answers rosters/cg-i-walkthrough.answers.toml >/dev/null
# The walkthrough's Initial Scenario played and recorded: the RePh after it,
# as far as votg goes.
cp -r rosters/cg-i-walkthrough rosters/cg-i-aftermath
$votg refit rosters/cg-i-aftermath --answers rosters/cg-i-aftermath.answers.toml --until 12.613 >/dev/null
rm -rf rosters/cg-i-new/.votg rosters/cg-i-walkthrough/.votg rosters/cg-i-aftermath/.votg
echo "rosters/ rebuilt"
