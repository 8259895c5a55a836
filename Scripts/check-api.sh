#!/usr/bin/env bash
# Compares the public API of the modules semantic versioning covers
# (BatchCheck and BatchCheckTesting) with the release commit that
# .api-baseline records, using the toolchain's
# `swift package diagnose-api-breaking-changes`.
#
# No break: exit 0. A break: exit 0 only when a "### Breaking" part of
# CHANGELOG.md above the baseline's release (Unreleased, or a release not yet
# tagged as the baseline) names each broken symbol; else exit 1.
#
#     Scripts/check-api.sh
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=$(grep -v '^#' .api-baseline | tr -d '[:space:]')
if ! git cat-file -e "${baseline}^{commit}" 2>/dev/null; then
  echo "error: the API baseline ${baseline} (.api-baseline) is not in this clone's history;" \
    "clone with the full history (not --depth)" >&2
  exit 1
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift package diagnose-api-breaking-changes "$baseline" --products BatchCheck BatchCheckTesting \
  >"$log" 2>&1 || status=$?
grep -v '^\[\|^Building\|^Build complete\|^Compiling\|^Write\|^Emitting' "$log" || true
if [ "$status" -eq 0 ]; then
  echo "public API: no breaking change since ${baseline:0:12}"
  exit 0
fi
breaks=$(grep 'API breakage:' "$log" || true)
if [ -z "$breaks" ]; then
  echo "error: diagnose-api-breaking-changes failed (exit $status) without naming a break" >&2
  exit 1
fi
# The Breaking parts of every section newer than the baseline's release
# (Unreleased, and releases not yet tagged as the baseline) must name each
# broken symbol.
released=$(grep -o 'tag [0-9][0-9.]*' .api-baseline | head -n 1 | sed 's/tag //')
breaking=$(awk -v released="## [${released}]" \
  'index($0, released) == 1 {exit} /^## \[/ {on = 1; next} on' CHANGELOG.md \
  | awk '/^### Breaking/ {on = 1; next} /^### |^## / {on = 0} on')
missing=0
while IFS= read -r line; do
  # "API breakage: func ExhaustivePairs.total(at:) has been removed" -> "total"
  symbol=$(echo "$line" | sed -E 's/.*API breakage: [a-z ]*(var|func|struct|enum|class|case|protocol|init|subscript|typealias|let|static|constructor|accessor|typealias)? ?//' \
    | sed -E 's/[(: ].*//' | awk -F. '{print $NF}')
  # The package's own `package` declarations are no public API: the tool
  # reports them too.
  if git grep -qE "package( static| final| mutating)* (func|var|let|struct|enum|class|init|protocol) ${symbol}\b" \
    "$baseline" -- Sources; then
    echo "(not public API, a package declaration: ${line#*API breakage: })"
    continue
  fi
  if [ -z "$breaking" ] || ! grep -qF -- "$symbol" <<<"$breaking"; then
    echo "error: API break not in a \"### Breaking\" part of CHANGELOG.md above the baseline release: ${line#*API breakage: }" >&2
    missing=1
  fi
done <<<"$breaks"
if [ "$missing" -ne 0 ]; then
  exit 1
fi
echo "public API: every break since ${baseline:0:12} is written under Breaking in CHANGELOG.md"
