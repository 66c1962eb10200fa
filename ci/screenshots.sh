#!/usr/bin/env bash
# Regenerates the README's screenshots of the HTML report in docs/images/: covgate on Yams
# (the real-package check's copy, tested with coverage), index and a file page, light and dark,
# 1400 px and 400 px wide. Needs Chromium (ci/install-deps.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
yams=.build/real-packages/Yams-6.2.2
export_json=$yams/.build/x86_64-unknown-linux-gnu/debug/codecov/Yams.json
if [ ! -f "$export_json" ]; then
  echo "screenshots: no Yams export yet; running make verify-real first" >&2
  make verify-real
fi
swift build -c release --product covgate >&2
site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
.build/release/covgate check --input "$export_json" --package-path "$yams" --format html \
  --quiet --no-history --output "$site" --title "Yams" --revision "6.2.2" || test $? -eq 1
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
file_page=$(ls "$site"/files/ | grep -m1 'Node.Alias.swift')
shoot() { # name url width height [dark]
  local extra=()
  if [ "${5:-}" = dark ]; then extra=(--force-dark-mode --blink-settings=preferredColorScheme=0); fi
  "$chromium" --headless --disable-gpu --no-sandbox --hide-scrollbars --no-first-run \
    --user-data-dir="$site/.profile" --window-size="$3,$4" "${extra[@]}" \
    --screenshot="docs/images/$1.png" "$2" 2>/dev/null
}
mkdir -p docs/images
shoot html-index "file://$site/index.html" 1400 1000
shoot html-index-dark "file://$site/index.html" 1400 1000 dark
shoot html-index-phone "file://$site/index.html" 400 800
shoot html-file "file://$site/files/$file_page" 1400 1000
shoot html-file-dark "file://$site/files/$file_page" 1400 1000 dark
shoot html-file-phone "file://$site/files/$file_page" 400 800
ls -la docs/images
