#!/usr/bin/env bash
# What a release tag would publish, checked before the tag is pushed (make release-check
# VERSION=x.y.z): the version is the binary's, the dist this platform builds survives the
# artifact round trip the release job puts it through (upload-artifact drops the run bits;
# merge-bundles.py gives them back before zipping), the checksums verify, the plugin manifest
# names the zip by its checksum, and the installer the Action runs installs this very release
# from a file:// copy. What only GitHub can check is listed at the end.
# Usage: ci/release-check.sh VERSION COVGATE_BINARY
# Runs on macOS's userland too (bash 3.2, BSD tools): no GNU-only commands or flags.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
version=${1#v}
binary=$2
fail() { echo "release-check: $*" >&2; exit 1; }
[ -n "$version" ] || fail "name the version: make release-check VERSION=x.y.z"
"$here/ci/release-version.sh" "$binary" "v$version" > /dev/null || exit 1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$here/ci/dist.sh" "$binary" "$work/parts/this-platform" > /dev/null
# The artifact round trip: files lose their run bit, folders keep theirs.
find "$work/parts" -type f -exec chmod a-x {} +
url="file://$work/releases/v$version"
python3 "$here/ci/dist/merge-bundles.py" "$work/parts" "$work/releases/v$version" "$url" > /dev/null
release="$work/releases/v$version"

# Only files: gh release create uploads files, and refuses a folder. (A glob, not find -printf
# or mapfile: neither is on macOS.)
assets=""
for file in "$release"/*; do
  if [ -f "$file" ]; then assets="$assets ${file##*/}"; fi
done
echo "release-check: assets:$assets"
# Each line of SHA256SUMS against the file, with sha256sum or, where there is none (macOS may
# lack it), shasum -a 256.
sha256() { if command -v sha256sum > /dev/null; then sha256sum "$1"; else shasum -a 256 "$1"; fi; }
[ -s "$release/SHA256SUMS" ] || fail "the release has no SHA256SUMS"
while read -r sum file; do
  [ "$(sha256 "$release/$file" | awk '{ print $1 }')" = "$sum" ] ||
    fail "SHA256SUMS does not verify: $file"
done < "$release/SHA256SUMS"
python3 - "$release" "$url" << 'PY' || exit 1
import hashlib, json, os, sys, zipfile
release, url = sys.argv[1:]
def fail(message):
    sys.exit(f"release-check: {message}")
archive = zipfile.ZipFile(os.path.join(release, "covgate.artifactbundle.zip"))
info = json.loads(archive.read("covgate.artifactbundle/info.json"))
for variant in info["artifacts"]["covgate"]["variants"]:
    entry = archive.getinfo("covgate.artifactbundle/" + variant["path"])
    if entry.external_attr >> 16 & 0o111 != 0o111:
        fail(f"{variant['path']} in the bundle zip is not executable; SwiftPM would say Permission denied")
manifest = open(os.path.join(release, "plugin-Package.swift")).read()
checksum = hashlib.sha256(open(os.path.join(release, "covgate.artifactbundle.zip"), "rb").read()).hexdigest()
if f'url: "{url}/covgate.artifactbundle.zip"' not in manifest or f'checksum: "{checksum}"' not in manifest:
    fail("plugin-Package.swift does not name the bundle zip by this release's URL and checksum")
PY

# The installer, as the Action runs it, from this release.
installed=$(COVGATE_RELEASE_URL="file://$work/releases" "$here/ci/action/install.sh" "v$version" "$work/tool")
[ "$("$installed/covgate" --version)" = "$version" ] || fail "the installed covgate is not $version"
# What the Linux binary asks of the system it runs on: the newest glibc and libstdc++ symbol
# versions it uses, and the shared libraries it loads (the Swift runtime is linked in).
if [ "$(uname -s)" = Linux ] && command -v objdump > /dev/null; then
  glibc=$(objdump -T "$binary" | { grep -o 'GLIBC_[0-9.]*' || true; } | sort -V | tail -n 1)
  glibcxx=$(objdump -T "$binary" | { grep -o 'GLIBCXX_[0-9.]*' || true; } | sort -V | tail -n 1)
  libraries=$(readelf -d "$binary" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' ')
  echo "release-check: the binary needs ${glibc:-no versioned glibc} ${glibcxx:+and $glibcxx }and loads: $libraries"
fi
echo "release-check: v$version is ready on this platform: the installer installs it, the bundle zip keeps the run bits, the checksums and the plugin manifest agree"
cat << 'TEXT'
release-check: only GitHub can check, on the tag's run of .github/workflows/release.yml:
  - the Linux aarch64 and the macOS universal builds (the workflow checks their versions);
  - gh release create uploading the assets, and the release's download URLs;
  - SwiftPM fetching the bundle zip by URL and checksum (plugin-Package.swift);
  - the Action from the marketplace (uses: OWNER/covgate@vX.Y.Z, the action-self-test workflow
    runs uses: ./ on every push), actions/cache and upload-artifact on GitHub's runners.
TEXT
