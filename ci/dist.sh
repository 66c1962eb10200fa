#!/usr/bin/env bash
# Assembles covgate's release files from a built covgate (make dist builds it in release mode,
# Swift runtime linked in, first):
#   covgate-<version>-<triple>.tar.gz   the binary with the README and the LICENSE (Apache 2.0)
#   covgate.artifactbundle(.zip)        SwiftPM's artifact bundle (info.json schema 1.0): an
#                                       executable `covgate`, one variant per supported triple,
#                                       and the LICENSE
#   SHA256SUMS                          of the tarball and the zip
#   plugin/                             a Swift package: a binary target on the bundle and the
#                                       `covgate` command plugin, so a team adds one dependency
#                                       and compiles none of covgate's
# Usage: ci/dist.sh COVGATE_BINARY [OUTPUT_FOLDER (default dist)]
# A release joins the platforms' dist folders with ci/dist/merge-bundles.py.
# Runs on macOS's userland too (bash 3.2, BSD tools): no GNU-only commands or flags.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=${2:-$here/dist}
[ -x "$binary" ] || { echo "dist: $binary is not an executable; build covgate first (make dist does)" >&2; exit 2; }
version=$("$binary" --version)
# COVGATE_DIST_TRIPLE names another platform's build (universal-apple-macosx for macOS's
# two-architecture binary); by default, the toolchain's own target.
triple=${COVGATE_DIST_TRIPLE:-$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')}
name="covgate-$version-$triple"
rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The tarball: one folder with the binary and the documents.
mkdir -p "$work/$name"
cp "$binary" "$work/$name/covgate"
# Symbols out: a release binary is about half the size without them (143 MB to 79 MB here).
if command -v strip > /dev/null; then
  strip "$work/$name/covgate"
  # On macOS strip can leave the linker's ad-hoc signature not matching the binary, which arm64
  # macOS kills on start: signed again, ad hoc (each slice of a universal binary).
  if [ "$(uname -s)" = Darwin ]; then codesign --force --sign - "$work/$name/covgate"; fi
fi
cp "$here/README.md" "$work/$name/"
cp "$here/LICENSE" "$work/$name/"
tar -C "$work" -czf "$out/$name.tar.gz" "$name"

# The artifact bundle: info.json names each variant by its triples.
bundle="$out/covgate.artifactbundle"
mkdir -p "$bundle/$name/bin"
cp "$work/$name/covgate" "$bundle/$name/bin/covgate"
cp "$here/LICENSE" "$bundle/LICENSE"
python3 - "$bundle/info.json" "$version" "$name/bin/covgate" "$triple" <<'PY'
import json, sys
path, version, variant, triple = sys.argv[1:]
triples = ["arm64-apple-macosx", "x86_64-apple-macosx"] if triple == "universal-apple-macosx" else [triple]
info = {"schemaVersion": "1.0", "artifacts": {"covgate": {
    "version": version, "type": "executable",
    "variants": [{"path": variant, "supportedTriples": triples}]}}}
json.dump(info, open(path, "w"), indent=2)
PY
(cd "$out" && python3 -m zipfile -c covgate.artifactbundle.zip covgate.artifactbundle)
# sha256sum's lines; where there is no sha256sum (macOS may lack it), shasum -a 256 writes the same.
sha256() { if command -v sha256sum > /dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }
(cd "$out" && sha256 "$name.tar.gz" covgate.artifactbundle.zip > SHA256SUMS)

# The plugin package: the bundle beside it (a release names the zip's URL and checksum instead).
plugin="$out/plugin"
mkdir -p "$plugin/Plugins/CovgatePlugin"
cp "$here"/Plugins/CovgatePlugin/*.swift "$plugin/Plugins/CovgatePlugin/"
cp -R "$bundle" "$plugin/covgate.artifactbundle"
cp "$here/ci/dist/plugin-Package.swift" "$plugin/Package.swift"
echo "dist: wrote $out ($name)" >&2
