#!/usr/bin/env bash
# Installs a covgate release binary for this runner: downloads the tarball and SHA256SUMS of
# VERSION, checks the tarball against its checksum, unpacks it into FOLDER and prints the folder
# holding `covgate`. Used by action.yml; COVGATE_RELEASE_URL (default: this repository's GitHub
# releases) is where `<version>/<file>` are fetched from (a file:// URL in the tests).
# Usage: ci/action/install.sh VERSION FOLDER
set -euo pipefail
version=${1#v}
folder=$2
base=${COVGATE_RELEASE_URL:-https://github.com/${COVGATE_REPOSITORY:-OWNER/covgate}/releases/download}
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) triple=x86_64-unknown-linux-gnu ;;
  Linux-aarch64 | Linux-arm64) triple=aarch64-unknown-linux-gnu ;;
  Darwin-*) triple=universal-apple-macosx ;;
  *) echo "covgate: no release binary for $(uname -s) $(uname -m); build covgate from source" >&2; exit 2 ;;
esac
name="covgate-$version-$triple"
if [ -x "$folder/$name/covgate" ]; then
  echo "$folder/$name"
  exit 0
fi
mkdir -p "$folder"
download() { curl --fail --silent --show-error --location --retry 3 -o "$folder/$1" "$base/v$version/$1"; }
download "$name.tar.gz" || { echo "covgate: cannot download $base/v$version/$name.tar.gz; check the version input" >&2; exit 2; }
download SHA256SUMS || { echo "covgate: cannot download the release's SHA256SUMS" >&2; exit 2; }
expected=$(awk -v file="$name.tar.gz" '$2 == file { print $1 }' "$folder/SHA256SUMS")
actual=$( (sha256sum "$folder/$name.tar.gz" 2>/dev/null || shasum -a 256 "$folder/$name.tar.gz") | awk '{ print $1 }')
if [ -z "$expected" ] || [ "$expected" != "$actual" ]; then
  rm -f "$folder/$name.tar.gz"
  echo "covgate: $name.tar.gz does not match the release's SHA256SUMS (expected ${expected:-none}, got $actual); not installed" >&2
  exit 2
fi
tar -xzf "$folder/$name.tar.gz" -C "$folder"
rm -f "$folder/$name.tar.gz"
echo "$folder/$name"
