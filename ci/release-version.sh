#!/usr/bin/env bash
# Refuses a release whose tag is not the version the binary says (`covgate --version`): the
# assets are named by the binary's version, so a mismatch publishes files no installer asks for.
# Usage: ci/release-version.sh COVGATE_BINARY TAG   (TAG as pushed: v1.2.3)
set -euo pipefail
binary=$1
tag=$2
version=$("$binary" --version)
if [ "v$version" != "$tag" ]; then
  echo "release: the tag is $tag but covgate --version says $version; set the version in Sources/CovgateCLI/Commands/Covgate.swift and tag v$version" >&2
  exit 1
fi
echo "release: $tag is covgate $version"
