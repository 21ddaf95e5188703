#!/usr/bin/env bash
# Rebuilds the sample campaigns in rosters/ (the README walkthrough). A test
# (tests/it/samples.rs) checks that they are exactly what this script makes, so
# run it after changing what votg writes, and commit the result.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet
votg=target/debug/votg
export VOTG_NOW=2026-01-01T00:00:00Z
rm -rf rosters/cg-i-new rosters/cg-i-walkthrough rosters/cg-i-aftermath rosters/cg-i-partway
$votg new rosters/cg-i-new --cg I --seed 1942 >/dev/null
$votg new rosters/cg-i-walkthrough --cg I --seed 1942 >/dev/null
# The samples are played with the dice the players threw (a dice file), so
# the tests worked by hand from them do not depend on the campaign's keys.
$votg --dice-file rosters/cg-i-walkthrough.dice refit rosters/cg-i-walkthrough --answers rosters/cg-i-walkthrough.answers.toml >/dev/null
# The walkthrough's Initial Scenario played and recorded: the RePh after it,
# as far as votg goes.
cp -r rosters/cg-i-walkthrough rosters/cg-i-aftermath
$votg --dice-file rosters/cg-i-aftermath.dice refit rosters/cg-i-aftermath --answers rosters/cg-i-aftermath.answers.toml --until 12.613 >/dev/null
# Part-way through CG I: the walkthrough's scenario recorded with a Russian
# Counterattack (a second scenario on 15 Sep), that recorded, an Idle Day on
# 16 Sep, and the 17 Sep scenario set up.
cp -r rosters/cg-i-walkthrough rosters/cg-i-partway
$votg --dice-file rosters/cg-i-partway.1.dice refit rosters/cg-i-partway --answers rosters/cg-i-partway.1.answers.toml >/dev/null
$votg --dice-file rosters/cg-i-partway.2.dice refit rosters/cg-i-partway --answers rosters/cg-i-partway.2.answers.toml >/dev/null
# Their views are derived from their logs: a lock and the views' hashes
# (.votg) are no part of a sample.
rm -rf rosters/cg-i-new/.votg rosters/cg-i-walkthrough/.votg rosters/cg-i-aftermath/.votg rosters/cg-i-partway/.votg
echo "rosters/ rebuilt"
