#!/usr/bin/env bash
# Installs a covgate release binary for this runner: downloads the tarball and SHA256SUMS of
# VERSION, checks the tarball against its checksum, unpacks it into FOLDER and prints the folder
# holding `covgate`. A folder restored from a cache is checked the same way: the tarball is kept
# there, and checked against a SHA256SUMS fetched anew. Used by action.yml.
# The release comes from COVGATE_RELEASE_URL (a file:// URL in the tests), else from the GitHub
# releases of COVGATE_REPOSITORY (owner/name), else of the repository the action was fetched from
# (read from GITHUB_ACTION_PATH, .../_actions/OWNER/NAME/REF: a composite action's
# github.action_repository is empty).
# Usage: ci/action/install.sh VERSION FOLDER
set -euo pipefail
version=${1#v}
folder=$2
fail() { echo "covgate: $*" >&2; exit 2; }
repository=${COVGATE_REPOSITORY:-}
if [ -z "$repository" ] && [[ ${GITHUB_ACTION_PATH:-} =~ /_actions/([^/]+)/([^/]+)/[^/]+/?$ ]]; then
  repository="${BASH_REMATCH[1]}/${BASH_REMATCH[2]}"
fi
if [ -n "${COVGATE_RELEASE_URL:-}" ]; then
  base=$COVGATE_RELEASE_URL
elif [ -n "$repository" ]; then
  base="https://github.com/$repository/releases/download"
else
  fail "cannot tell which repository's releases to install from; set the action's repository input (owner/name)"
fi
command -v curl > /dev/null ||
  fail "curl is not installed, and the release is downloaded with it; install it first (apt-get install -y curl ca-certificates in a swift image)"
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) triple=x86_64-unknown-linux-gnu ;;
  Linux-aarch64 | Linux-arm64) triple=aarch64-unknown-linux-gnu ;;
  Darwin-*) triple=universal-apple-macosx ;;
  *) fail "no release binary for $(uname -s) $(uname -m); build covgate from source" ;;
esac
name="covgate-$version-$triple"
mkdir -p "$folder"
download() { curl --fail --silent --show-error --location --retry 3 -o "$folder/$1" "$base/v$version/$1"; }
download SHA256SUMS || fail "cannot download $base/v$version/SHA256SUMS; check the version input"
expected=$(awk -v file="$name.tar.gz" '$2 == file { print $1 }' "$folder/SHA256SUMS")
[ -n "$expected" ] || fail "the release's SHA256SUMS lists no $name.tar.gz"
checksum() { (sha256sum "$1" 2> /dev/null || shasum -a 256 "$1") | awk '{ print $1 }'; }
# A tarball restored from a cache is used when it is the release's, and unpacked again: what a
# cache holds besides it is never trusted.
rm -rf "${folder:?}/$name"
if [ ! -f "$folder/$name.tar.gz" ] || [ "$(checksum "$folder/$name.tar.gz")" != "$expected" ]; then
  download "$name.tar.gz" || fail "cannot download $base/v$version/$name.tar.gz; check the version input"
  actual=$(checksum "$folder/$name.tar.gz")
  if [ "$expected" != "$actual" ]; then
    rm -f "$folder/$name.tar.gz"
    fail "$name.tar.gz does not match the release's SHA256SUMS (expected $expected, got $actual); not installed"
  fi
fi
tar -xzf "$folder/$name.tar.gz" -C "$folder"
echo "$folder/$name"
