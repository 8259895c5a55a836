#!/usr/bin/env bash
# The consumer test: a diff library (Scripts/consumer/NaiveDiff.*), whose
# platforms are older than BatchCheck's, and beside it the test-only package
# its author makes for the BatchCheck tests (Scripts/consumer/Checks.*,
# Scripts/consumer/NaiveDiffTests.swift), depending on the library and on
# this checkout by path: the layout the getting-started article shows for
# such a library. It checks that
#   - the command plugin answers: swift package batchcheck --version, corpus
#     check, and corpus generate with the permission to write;
#   - swift test --attachments-path DIR on a naive diff that fails in several
#     ways prints the helper's summary line and records one issue per kind at
#     the caller's line, each titled with its kind, size and minimality, and
#     writes the HTML report and the regression corpus into DIR;
#   - the XCTest helper fails once per kind and writes the same files into
#     BATCHCHECK_ATTACHMENTS_DIR;
#   - on Linux, a stale Tests/LinuxMain.swift makes swift test pass with no
#     test run and no helper line, as the getting-started article warns.
# The package builds once (debug, in its own folder); every step reuses it.
#
#     Scripts/consumer-test.sh            # prints each step's time
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "${BATCHCHECK_CONSUMER_KEEP:-}" ] && trap - EXIT && echo "consumer test: work folder $work"
library="$work/NaiveDiff"
package="$work/NaiveDiffChecks"
mkdir -p "$library/Sources/NaiveDiff" "$package/Tests/NaiveDiffTests" "$package/Corpus"
# A path dependency's identity is its folder's name: the checkout is reached
# as .../BatchCheck whatever its own folder is called.
ln -s "$root" "$work/BatchCheck"
cp "$root/Scripts/consumer/NaiveDiff.Package.swift" "$library/Package.swift"
cp "$root/Scripts/consumer/NaiveDiff.swift" "$library/Sources/NaiveDiff/"
sed "s|@BATCHCHECK@|$work/BatchCheck|" "$root/Scripts/consumer/Checks.Package.swift.in" >"$package/Package.swift"
cp "$root/Scripts/consumer/NaiveDiffTests.swift" "$package/Tests/NaiveDiffTests/"
cp "$root/Scripts/consumer/consumer.jsonl" "$package/Corpus/"
cd "$package"
version=$(sed -n 's/^## \[\([0-9][0-9.]*\)\].*/\1/p' "$root/CHANGELOG.md" | head -n 1)

fail() { echo "consumer test: error: $*" >&2; exit 1; }
step() { step_name=$1; step_start=$SECONDS; }
done_step() { echo "consumer test: $step_name: ok ($((SECONDS - step_start)) s)"; }

step "build (the package, its tests and the plugin's tool)"
swift build --build-tests >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "the package does not build"; }
done_step

step "swift package batchcheck --version"
answer=$(swift package batchcheck --version 2>"$work/plugin.err") || { cat "$work/plugin.err"; fail "the plugin failed"; }
[ "$answer" = "batchcheck $version" ] || fail "the plugin printed '$answer', expected 'batchcheck $version'"
done_step

step "swift package batchcheck corpus check Corpus/consumer.jsonl --generator heckel"
swift package batchcheck corpus check Corpus/consumer.jsonl --generator heckel >"$work/corpus.out" 2>&1 \
  || { cat "$work/corpus.out"; fail "corpus check through the plugin failed"; }
grep -q "^3 passed, 0 failed" "$work/corpus.out" || { cat "$work/corpus.out"; fail "corpus check did not pass the three cases"; }
status=0
swift package batchcheck corpus check Corpus/consumer.jsonl --generator lcs-2013 >"$work/corpus-fail.out" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "corpus check of a failing generator exited 0 through the plugin"
done_step

step "swift package --allow-writing-to-package-directory batchcheck corpus generate"
swift package --allow-writing-to-package-directory batchcheck corpus generate --count 20 --exhaustive-total 0 \
  --out Corpus/generated.jsonl >"$work/generate.out" 2>&1 || { cat "$work/generate.out"; fail "corpus generate failed"; }
[ "$(wc -l <Corpus/generated.jsonl)" -eq 20 ] || fail "corpus generate did not write 20 cases"
done_step

step "swift test --attachments-path (Swift Testing)"
attachments="$work/attachments"
mkdir -p "$attachments"
status=0
swift test --skip-build --disable-xctest --attachments-path "$attachments" >"$work/swift-testing.out" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "swift test passed on a wrong diff"
line=$(grep -n "CONSUMER-SWIFT-TESTING-LINE" Tests/NaiveDiffTests/NaiveDiffTests.swift | cut -d: -f1)
issues=$(grep -c "recorded an issue at NaiveDiffTests.swift:$line:" "$work/swift-testing.out" || true)
# Each issue's title is on its own line: "... recorded an issue at FILE:LINE:COLUMN:
# Caught error: BatchCheck: naive-diff fails: <kind> at <n> rows, proven minimal (kind i of n, ...)".
title="recorded an issue at NaiveDiffTests.swift:$line:[0-9]*: Caught error: BatchCheck: naive-diff fails: "
kinds=$(grep -c "$title.* at [0-9]* rows\{0,1\}, \(not \)\{0,1\}proven minimal (kind [0-9]* of $issues, smallest first)$" \
  "$work/swift-testing.out" || true)
[ "$issues" -ge 3 ] || { cat "$work/swift-testing.out"; fail "$issues issues at the caller's line, expected 3 or more"; }
[ "$kinds" -eq "$issues" ] || { cat "$work/swift-testing.out"; fail "not every issue's title names its kind, size and minimality"; }
grep -q "^BatchCheck: naive-diff checked [0-9,]* cases ([0-9,]* exhaustive, [0-9,]* random): $issues kinds of failure$" \
  "$work/swift-testing.out" || { cat "$work/swift-testing.out"; fail "no summary line from the helper"; }
html=$(find "$attachments" -name '*naive-diff.batchcheck.html' | head -n 1)
json=$(find "$attachments" -name '*naive-diff.batchcheck.json' | head -n 1)
jsonl=$(find "$attachments" -name '*naive-diff.regressions.jsonl' | head -n 1)
[ -n "$json" ] && python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); assert r["passed"] is False' "$json" \
  || { ls -R "$attachments"; fail "no JSON report attached, or it says passed"; }
[ -n "$html" ] && grep -q "<!DOCTYPE html>" "$html" || { ls -R "$attachments"; fail "no HTML report attached"; }
[ -n "$jsonl" ] || { ls -R "$attachments"; fail "no regression corpus attached"; }
[ "$(wc -l <"$jsonl")" -eq "$issues" ] || fail "the regression corpus does not hold one case per kind"
echo "consumer test: $issues issues, one per kind, at NaiveDiffTests.swift:$line; attached $(basename "$html"), $(basename "$json") and $(basename "$jsonl")"
done_step

step "the regression corpus fails corpus check until the diff is right"
cp "$jsonl" Corpus/regressions.jsonl
status=0
swift package batchcheck corpus check Corpus/regressions.jsonl --generator map-moves >"$work/regress.out" 2>&1 || status=$?
[ "$status" -eq 1 ] || { cat "$work/regress.out"; fail "a wrong generator passed the regression corpus (exit $status)"; }
swift package batchcheck corpus check Corpus/regressions.jsonl --generator heckel >"$work/regress-ok.out" 2>&1 \
  || { cat "$work/regress-ok.out"; fail "a right generator failed the regression corpus"; }
done_step

step "swift test, XCTest, with BATCHCHECK_ATTACHMENTS_DIR"
folder="$work/xctest-attachments"
status=0
BATCHCHECK_ATTACHMENTS_DIR="$folder" swift test --skip-build --disable-swift-testing >"$work/xctest.out" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "the XCTest helper passed a wrong diff"
line=$(grep -n "CONSUMER-XCTEST-LINE" Tests/NaiveDiffTests/NaiveDiffTests.swift | cut -d: -f1)
failures=$(grep -c "NaiveDiffTests.swift:$line: error: .*BatchCheck: naive-diff fails: " "$work/xctest.out" || true)
[ "$failures" -eq "$issues" ] || { cat "$work/xctest.out"; fail "$failures XCTest failures, expected $issues (one per kind)"; }
ls "$folder" | grep -q "naive-diff.batchcheck.html$" || fail "no HTML report in BATCHCHECK_ATTACHMENTS_DIR"
ls "$folder" | grep -q "naive-diff.regressions.jsonl$" || fail "no regression corpus in BATCHCHECK_ATTACHMENTS_DIR"
ls "$folder" | grep -q "naive-diff.batchcheck.json$" || fail "no JSON report in BATCHCHECK_ATTACHMENTS_DIR"
echo "consumer test: $failures XCTest failures, files: $(ls "$folder" | tr '\n' ' ')"
done_step
if [ "$(uname)" = Linux ]; then
  # What the getting-started article warns of: a Tests/LinuxMain.swift left
  # from before Swift 5.5 makes swift test on Linux run no Swift Testing test
  # and only the XCTest cases it lists, and pass; no helper line is printed.
  step "a stale Tests/LinuxMain.swift: swift test passes and no helper runs"
  printf 'import XCTest\n\nXCTMain([])\n' >Tests/LinuxMain.swift
  swift test >"$work/linuxmain.out" 2>&1 || { cat "$work/linuxmain.out"; fail "swift test failed with a LinuxMain.swift"; }
  ! grep -q "^BatchCheck: naive-diff checked" "$work/linuxmain.out" \
    || fail "a helper ran despite the LinuxMain.swift: the article's warning is out of date"
  grep -q "Executed 0 tests" "$work/linuxmain.out" || { cat "$work/linuxmain.out"; fail "tests ran despite the LinuxMain.swift"; }
  rm Tests/LinuxMain.swift
  done_step
fi
echo "consumer test: passed"
