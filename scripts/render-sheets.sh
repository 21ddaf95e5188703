#!/usr/bin/env bash
# Renders a side's printed sheets (`votg print`) to PDF and PNG with headless
# Chromium, to check them as they will print: one sheet per landscape page,
# nothing cut off. Needs the Debian packages chromium and poppler-utils:
#   apt-get install -y chromium poppler-utils
# Usage: scripts/render-sheets.sh CAMPAIGN_DIR SIDE OUT_DIR [letter|a4]
set -euo pipefail
dir=${1:?campaign folder}
side=${2:?german or russian}
out=${3:?output folder}
paper=${4:-letter}
cd "$(dirname "$0")/.."
votg=${VOTG:-target/debug/votg}
[ -x "$votg" ] || cargo build --quiet
mkdir -p "$out"
html="$out/$side.html"
"$votg" print "$dir" --side "$side" --out "$html" >/dev/null
# The paper size is set on the copy rendered, so the same sheets are tried
# on A4 and on Letter.
case "$paper" in
  letter) size="11in 8.5in" ;;
  a4) size="297mm 210mm" ;;
  *) echo "paper is letter or a4" >&2; exit 2 ;;
esac
sized="$out/$side-$paper.html"
sed "s/@page { size: landscape;/@page { size: $size;/" "$html" >"$sized"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
chromium --headless --no-sandbox --disable-gpu --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --no-pdf-header-footer \
  --print-to-pdf="$out/$side-$paper.pdf" "file://$(realpath "$sized")" 2>/dev/null
rm -f "$out/$side-$paper"-*.png
pdftoppm -png -r 80 "$out/$side-$paper.pdf" "$out/$side-$paper"
pages=$(pdfinfo "$out/$side-$paper.pdf" | awk '/^Pages:/ {print $2}')
echo "$out/$side-$paper.pdf: $pages page(s); PNGs: $(ls "$out"/"$side-$paper"*.png | tr '\n' ' ')"
if [ "$pages" != 3 ]; then
  echo "expected 3 pages (CG Roster, RG Purchase Record, Force Organizer): a sheet overflowed" >&2
  exit 1
fi
