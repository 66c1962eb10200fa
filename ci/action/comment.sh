#!/usr/bin/env bash
# Creates or updates covgate's one pull-request comment from a Markdown report: the comment is
# found by the marker on its first line, so a second run edits it instead of adding another.
# Without the right to comment (a pull request from a fork: no pull-requests: write), it says so
# in the job summary and succeeds. Uses `gh api` (GH_TOKEN, GITHUB_REPOSITORY).
# Usage: ci/action/comment.sh PULL_REQUEST_NUMBER MARKDOWN_FILE
set -euo pipefail
number=$1
report=$2
marker='<!-- covgate: coverage report -->'
repo=${GITHUB_REPOSITORY:?GITHUB_REPOSITORY is not set}
body=$(mktemp)
trap 'rm -f "$body" "$body.err"' EXIT
{ echo "$marker"; cat "$report"; } > "$body"
existing=$(gh api --paginate "repos/$repo/issues/$number/comments" \
  --jq ".[] | select(.body | startswith(\"$marker\")) | .id" | head -n 1)
if [ -n "$existing" ]; then
  method=PATCH
  endpoint="repos/$repo/issues/comments/$existing"
else
  method=POST
  endpoint="repos/$repo/issues/$number/comments"
fi
if gh api -X "$method" "$endpoint" -F "body=@$body" > /dev/null 2> "$body.err"; then
  if [ "$method" = PATCH ]; then done=updated; else done=posted; fi
  echo "covgate: $done the coverage comment on #$number"
  exit 0
fi
if grep -q -e "HTTP 403" -e "Resource not accessible by integration" "$body.err"; then
  note="covgate could not comment on #$number: the token has no pull-requests: write (a pull request from a fork?); the report is in this summary and the artifact."
  echo "$note" >&2
  [ -n "${GITHUB_STEP_SUMMARY:-}" ] && echo "> $note" >> "$GITHUB_STEP_SUMMARY"
  exit 0
fi
cat "$body.err" >&2
exit 1
