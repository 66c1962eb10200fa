#!/usr/bin/env bash
# Installs what covgate's build and tests need and a fresh machine may lack; safe to re-run.
# - libsqlite3-dev: GRDB (the campground module's database) links the system SQLite.
# - python3 jsonschema: the tests validate covgate.json against docs/covgate-report.schema.json.
# - lcov (genhtml): the tests check that genhtml reads covgate's LCOV without warnings.
# - libxml2-utils (xmllint): the tests validate cobertura.xml against Cobertura's DTD and
#   sonarqube.xml against SonarQube's documented schema.
# - python3 pycobertura and junitparser: the tests read cobertura.xml and junit.xml back with them.
# - check-jsonschema: the tests validate action.yml and the workflows against GitHub's schemas,
#   and covgate-mutation.sarif against SARIF 2.1.0's (Tests/CoverageReportsTests/Fixtures).
# - chromium: the HTML report tests open the pages in headless Chromium (DOM, console, CSP,
#   screenshots).
# - shellcheck and zizmor (pip, pinned): CI lints the Action's, the templates' and its own scripts
#   and workflows with them.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v swift >/dev/null 2>&1; then
  echo "install-deps: no swift on PATH; install Swift 6.x from swift.org and put its usr/bin on PATH" >&2
  exit 2
fi

if [ "$(uname)" = Linux ] && command -v dpkg >/dev/null 2>&1; then
  missing=()
  dpkg -s libsqlite3-dev >/dev/null 2>&1 || missing+=(libsqlite3-dev)
  command -v genhtml >/dev/null 2>&1 || missing+=(lcov)
  command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "install-deps: installing ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi

if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import jsonschema' 2>/dev/null; then
  echo "install-deps: installing jsonschema (pip)"
  python3 -m pip install --quiet jsonschema
fi

if command -v python3 >/dev/null 2>&1; then
  python_missing=()
  python3 -c 'import pycobertura' 2>/dev/null || python_missing+=(pycobertura)
  python3 -c 'import junitparser' 2>/dev/null || python_missing+=(junitparser)
  command -v check-jsonschema >/dev/null 2>&1 || python_missing+=(check-jsonschema)
  zizmor --version 2>/dev/null | grep -q '^zizmor 1\.' || python_missing+=("zizmor>=1,<2")
  if [ ${#python_missing[@]} -gt 0 ]; then
    echo "install-deps: installing ${python_missing[*]} (pip)"
    python3 -m pip install --quiet "${python_missing[@]}"
  fi
fi
