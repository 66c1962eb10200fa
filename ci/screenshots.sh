#!/usr/bin/env bash
# Regenerates the README's screenshots of the HTML report in docs/images/: covgate on Yams
# (the real-package check's copy, tested with coverage), the index, its folder view, a file page
# and the changes page, light and dark, 1400 px and 400 px wide. Needs Chromium
# (ci/install-deps.sh installs it).
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
base_git=$(mktemp -d)
trap 'rm -rf "$site" "$base_git"' EXIT
# A change to show: a throwaway repository over Yams' tree (GIT_DIR, so Yams' own is untouched)
# whose base commit lacks two stretches of Node.Alias.swift and Representer.swift.
export GIT_DIR="$base_git" GIT_WORK_TREE="$PWD/$yams"
git init --quiet && git -C "$yams" add -A
for change in "Sources/Yams/Node.Alias.swift 30,52" "Sources/Yams/Representer.swift 40,70"; do
  read -r file lines <<< "$change"
  set -- "$file" "$lines"
  blob=$(sed "$2d" "$yams/$1" | git hash-object -w --stdin)
  git update-index --cacheinfo "100644,$blob,$1"
done
git -c user.name=covgate -c user.email=covgate@example.invalid commit --quiet -m base
.build/release/covgate check --input "$export_json" --package-path "$yams" --format html \
  --quiet --no-history --output "$site" --title "Yams" --revision "6.2.2" --base HEAD || test $? -eq 1
unset GIT_DIR GIT_WORK_TREE
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
file_page=$(cd "$site/files" && for page in *Node.Alias.swift*; do echo "$page"; break; done)
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
# The folder view needs a package with several folders (swift-numerics), and is further down the
# index: scrolled to by the DevTools driver.
numerics=.build/real-packages/swift-numerics-1.1.1
folders_site="$site/numerics"
.build/release/covgate check --input "$numerics/.build/x86_64-unknown-linux-gnu/debug/codecov/swift-numerics.json" \
  --package-path "$numerics" --format html --quiet --no-history --output "$folders_site" \
  --title "swift-numerics" --revision "1.1.1" || test $? -eq 1
folders() { # name size dark
  python3 ci/browser.py "$chromium" "file://$folders_site/index.html" "[{\"viewport\": \"$2\"},
    {\"dark\": \"$3\"}, {\"eval\": \"scrollTo(0, document.getElementById('folders-title').getBoundingClientRect().top + scrollY - 64)\"},
    {\"screenshot\": \"docs/images/$1.png\"}]" >/dev/null
}
folders html-folders 1400x1000 off
folders html-folders-dark 1400x1000 on
folders html-folders-phone 400x800 off
shoot html-changes "file://$site/changes.html" 1400 1000
shoot html-changes-dark "file://$site/changes.html" 1400 1000 dark
shoot html-changes-phone "file://$site/changes.html" 400 800
ls -la docs/images
