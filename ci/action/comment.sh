#!/usr/bin/env bash
# Creates or updates covgate's one pull-request comment from a Markdown report: the comment is
# found by the hidden marker on its first line and by its author, the token's own login (GraphQL's
# viewer: github-actions[bot] for GITHUB_TOKEN, the person for a personal access token, APP[bot]
# for an app's token; COVGATE_COMMENT_AUTHOR names another), so a second run edits it instead of
# adding another, whichever token posts, and a comment someone else wrote is never edited (anyone
# can post the marker). A report longer than a comment may be is cut, saying so. The comment
# never turns the gate's verdict red: without gh, or without the right to read or write comments
# (a pull request from a fork: no pull-requests: write), it says so in the job summary and
# succeeds. Uses `gh api` (GH_TOKEN, GITHUB_REPOSITORY).
# KIND (default coverage) names the comment: a coverage report and a mutation report are two
# comments, each kept up to date on its own.
# Usage: ci/action/comment.sh PULL_REQUEST_NUMBER MARKDOWN_FILE [coverage|mutation]
set -euo pipefail
number=$1
report=$2
kind=${3:-coverage}
case "$kind" in
  coverage | mutation) ;;
  *) echo "covgate: the comment's kind is coverage or mutation, not '$kind'" >&2; exit 2 ;;
esac
marker="<!-- covgate: $kind report -->"
# GitHub refuses a comment body over 65,536 characters.
limit=65000
repo=${GITHUB_REPOSITORY:?GITHUB_REPOSITORY is not set}
body=$(mktemp)
trap 'rm -f "$body" "$body.err"' EXIT
note() {
  echo "covgate: $1" >&2
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then echo "> covgate: $1" >> "$GITHUB_STEP_SUMMARY"; fi
  exit 0
}
command -v gh > /dev/null ||
  note "no comment on #$number: gh is not installed (in a swift image: install it, or set comment: false); the report is in this summary and the artifact."
# Who this token posts as; when it cannot say (gh too old, the query refused), GITHUB_TOKEN's
# author. A login is letters, digits and hyphens, an app's with [bot] after them: nothing else is
# pasted into the query below.
author=${COVGATE_COMMENT_AUTHOR:-}
if [ -z "$author" ]; then
  author=$(gh api graphql -f query='query { viewer { login } }' --jq .data.viewer.login 2> /dev/null) || author=
fi
login='^[A-Za-z0-9-]+(\[bot\])?$'
[[ $author =~ $login ]] || author='github-actions[bot]'
{ echo "$marker"; cat "$report"; } > "$body"
if [ "$(wc -c < "$body")" -gt $limit ]; then
  cut=$(mktemp)
  head -c $limit "$body" > "$cut"
  printf '\n\n… cut to fit a pull-request comment; the whole report is in the job summary and the artifact.\n' >> "$cut"
  mv "$cut" "$body"
fi
denied() { grep -q -e "HTTP 403" -e "HTTP 404" -e "Resource not accessible by integration" "$body.err"; }
if ! existing=$(gh api --paginate "repos/$repo/issues/$number/comments" \
  --jq ".[] | select(.user.login == \"$author\") | select(.body | startswith(\"$marker\")) | .id" 2> "$body.err"); then
  denied && note "could not read the comments of #$number: the token has no pull-requests: read; the report is in this summary and the artifact."
  cat "$body.err" >&2
  note "could not read the comments of #$number (gh failed); the report is in this summary and the artifact."
fi
existing=$(printf '%s\n' "$existing" | head -n 1)
if [ -n "$existing" ]; then
  method=PATCH
  endpoint="repos/$repo/issues/comments/$existing"
else
  method=POST
  endpoint="repos/$repo/issues/$number/comments"
fi
if gh api -X "$method" "$endpoint" -F "body=@$body" > /dev/null 2> "$body.err"; then
  if [ "$method" = PATCH ]; then done=updated; else done=posted; fi
  echo "covgate: $done the $kind comment on #$number"
  exit 0
fi
denied && note "could not comment on #$number: the token has no pull-requests: write (a pull request from a fork?); the report is in this summary and the artifact."
cat "$body.err" >&2
note "could not comment on #$number (gh failed); the report is in this summary and the artifact."
