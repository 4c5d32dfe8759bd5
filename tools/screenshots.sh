#!/usr/bin/env bash
# The README's screenshots: the app's own SVG snapshots drawn as PNG by headless Chromium
# (Debian package `chromium`), which keeps the space at the start of each text piece that
# rsvg-convert drops ("Agent face up", not "Agentface up"). Run from the repository's root.
set -eu
command -v chromium >/dev/null 2>&1 || apt-get install -y -q chromium >/dev/null
snapshots=tests/ui/__snapshots__/test_table_snapshots
draw() {  # draw IN.svg OUT.png: a window as large as the SVG's viewBox
  size=$(python3 - "$1" <<'PY'
import re, sys
m = re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', open(sys.argv[1], encoding="utf-8").read())
print(f"{int(float(m.group(1))) + 1},{int(float(m.group(2))) + 1}")
PY
)
  tmp=$(mktemp -d)
  cp "$1" "$tmp/in.svg"
  timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --screenshot="$tmp/out.png" --window-size="$size" "file://$tmp/in.svg" >/dev/null 2>&1
  mv "$tmp/out.png" "$2"
  rm -rf "$tmp"
  echo "$2"
}
draw "$snapshots/test_snapshot_duel_table[160x45].svg" docs/screenshots/duel-advanced-160x45.png
draw "$snapshots/test_snapshot_team_table[120x40].svg" docs/screenshots/four-players-120x40.png
