#!/usr/bin/env bash
# Builds the DocC archives of the modules semantic versioning covers,
# BatchCheck, BatchCheckTesting and BatchCheckHarness, with the toolchain alone (no plugin
# package): their symbol graphs from `swift package dump-symbol-graph`, then
# `docc convert` over each catalog (Sources/<module>/<module>.docc) with
# every warning an error. Before converting, it checks that every public
# symbol of the module that the compiler did not synthesise has a doc
# comment, and lists those that do not.
#
#     Scripts/build-docs.sh                  # the archives in .build/docs/<module>.doccarchive
#
# Prints the number of documentation pages; exits non-zero on any warning,
# any undocumented symbol, or any failed step.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(BatchCheck BatchCheckTesting BatchCheckHarness)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

echo "== symbol graphs (swift package dump-symbol-graph)"
swift build --target BatchCheckTesting
dump_log="$scratch/dump.log"
touch "$scratch/started"
# It exits 1 when it cannot load the test runner's modules
# (BatchCheckPackageTests, BatchCheckPackageDiscoveredTests), whose graphs
# nobody needs; any other error, or no fresh graph of BatchCheck, fails here.
swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members \
  >"$dump_log" 2>&1 || true
if grep "error:" "$dump_log" | grep -vqE "symbol graph for 'BatchCheckPackage(Discovered)?Tests'"; then
  cat "$dump_log" >&2
  echo "error: dump-symbol-graph failed" >&2
  exit 1
fi
# Its last line names the folder it wrote: "Files written to /path/symbolgraph".
graphs=$(sed -n 's/^Files written to //p' "$dump_log" | tail -n 1)
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
  cat "$dump_log" >&2
  echo "error: dump-symbol-graph did not say where it wrote the symbol graphs" >&2
  exit 1
fi
total_pages=0
for module in "${modules[@]}"; do
output=".build/docs/$module.doccarchive"
if [ ! "$graphs/${module}.symbols.json" -nt "$scratch/started" ]; then
  echo "error: dump-symbol-graph wrote no fresh $graphs/${module}.symbols.json" >&2
  exit 1
fi
# The module's own graph, and the graphs of its extensions to other modules
# (BatchCheck@Swift); not other modules' extensions of it
# (BatchCheckCorpus@BatchCheck belongs to BatchCheckCorpus).
symbols="$scratch/symbols-$module"
mkdir -p "$symbols"
cp "$graphs/${module}.symbols.json" "$symbols/"
for graph in "$graphs"/${module}@*.symbols.json; do
  [ -e "$graph" ] && cp "$graph" "$symbols/"
done

echo "== every public symbol of $module has a doc comment"
python3 - "$symbols" <<'PYTHON'
import glob, json, os, sys

offenders, checked = [], 0
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.symbols.json"))):
    with open(path, encoding="utf-8") as file:
        graph = json.load(file)
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        # Members the compiler synthesises (==, hash(into:), Codable,
        # allCases, init(rawValue:)) or a protocol extension provides carry
        # ::SYNTHESIZED:: in their identifier, or have no source location.
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"] or "location" not in symbol:
            continue
        checked += 1
        lines = (symbol.get("docComment") or {}).get("lines") or []
        if not "".join(line.get("text", "") for line in lines).strip():
            location = symbol["location"]
            file = location["uri"].split("/Sources/", 1)[-1]
            offenders.append(
                f"  {file}:{location['position']['line'] + 1}: "
                f"{'.'.join(symbol['pathComponents'])} ({symbol['kind']['displayName']})")
if offenders:
    print(f"error: {len(offenders)} of {checked} public symbols have no doc comment:")
    print("\n".join(offenders))
    sys.exit(1)
print(f"{checked} public symbols, each with a doc comment")
PYTHON

echo "== docc convert ($module)"
rm -rf "$output"
mkdir -p "$(dirname "$output")"
docc_log="$scratch/docc.log"
status=0
xcrun_docc=(docc)
if ! command -v docc >/dev/null 2>&1; then
  xcrun_docc=(xcrun docc)  # macOS: docc ships inside the Xcode toolchain
fi
"${xcrun_docc[@]}" convert "Sources/$module/$module.docc" \
  --additional-symbol-graph-dir "$symbols" \
  --fallback-display-name "$module" \
  --fallback-bundle-identifier "$module" \
  --output-path "$output" \
  --warnings-as-errors >"$docc_log" 2>&1 || status=$?
cat "$docc_log"
if [ "$status" -ne 0 ] || grep -qE "(warning|error):" "$docc_log"; then
  echo "error: docc convert reported problems (exit $status)" >&2
  exit 1
fi
pages=$(find "$output/data/documentation" -name '*.json' | wc -l | tr -d ' ')
echo "docs: $pages pages in $output"
total_pages=$((total_pages + pages))
done
echo "docs: $total_pages pages in all"
