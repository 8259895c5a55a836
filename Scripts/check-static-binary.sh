#!/usr/bin/env bash
# Builds the batchcheck binary that other languages' CI downloads and runs:
# release, the Swift standard library and Foundation linked in statically,
# in its own scratch folder (.build-static) so that the debug build is left
# alone. Then checks that it links no Swift or Foundation library (ldd) and
# that it runs with an empty environment: --version, a small check of a
# built-in generator, and, when python3 is found at an absolute path, a
# check of a generator in Python through --exec. Prints the binary's size
# and the time taken; exits 1 at the first thing that fails.
#
#     Scripts/check-static-binary.sh          # from any folder
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
scratch=.build-static

fail() {
  echo "error: $*" >&2
  exit 1
}

swift build -c release --static-swift-stdlib --product batchcheck --scratch-path "$scratch"
binary="$scratch/release/batchcheck"
test -x "$binary" || fail "no binary at $binary"

echo "== ldd $binary"
libraries=$(ldd "$binary" 2>&1 || true)
echo "$libraries"
if grep -Eq 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime' <<<"$libraries"; then
  fail "the binary links a Swift, Foundation or dispatch library dynamically"
fi

echo "== env -i $binary --version"
env -i "$binary" --version || fail "--version failed with an empty environment"

echo "== env -i $binary check --generator heckel --count 200"
env -i "$binary" check --generator heckel --count 200 | tail -n 1
test "${PIPESTATUS[0]}" -eq 0 || fail "check --generator heckel failed with an empty environment"

python=$(command -v python3 || true)
if [[ "$python" == /* ]]; then
  # A generator in Python, through the --exec protocol: it replaces every
  # section (delete the old ones, insert the new ones), which UIKit accepts
  # for any pair, so the run must pass.
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  cat >"$work/generator.py" <<'PYTHON'
import json, sys
for line in sys.stdin:
    case = json.loads(line)
    answer = {"deleteSections": list(range(len(case["old"]))), "insertSections": list(range(len(case["new"])))}
    print(json.dumps(answer), flush=True)
PYTHON
  echo "== env -i $binary check --exec '$python $work/generator.py' --count 200"
  env -i "$binary" check --exec "$python $work/generator.py" --count 200 | tail -n 1
  test "${PIPESTATUS[0]}" -eq 0 || fail "check --exec with a Python generator failed with an empty environment"
else
  echo "(no python3 at an absolute path: the --exec check is skipped)"
fi

size=$(stat -c %s "$binary")
echo "static binary: $binary, $size bytes ($((size / 1024 / 1024)) MiB), no libswift, no Foundation library"
echo "time: $(($(date +%s) - start)) s"
