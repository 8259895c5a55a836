#!/usr/bin/env python3
"""Type-checks every Swift snippet of the README and the documentation
catalogs' articles (Sources/*/*.docc) against the
package's modules (built first: `swift build`), so that none drifts from
the code.

Each ```swift block becomes a file: a block of declarations (a test, a test
case class) as it is; a block of statements inside a function of its own.
A prelude declares what snippets use without defining: a diff to test
(`MyDiff`, `mySteps`), and the rows `old` and `new`. A block that starts
with `// swift-tools-version` is a package manifest, type-checked alone
against the toolchain's PackageDescription. Exits 1 and
prints the compiler's errors when a snippet does not type-check.

    python3 Scripts/check-snippets.py            # after swift build
"""
import glob, os, re, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
modules = os.path.join(root, ".build", "debug", "Modules")
if not os.path.isdir(modules):
    sys.exit("error: no .build/debug/Modules: run swift build first")

IMPORTS = ["BatchCheck", "BatchCheckCorpus", "BatchCheckExec", "BatchCheckHTML",
           "BatchCheckHarness", "BatchCheckTesting", "ReferenceDiffs", "Testing", "XCTest",
           "Foundation"]
PRELUDE = """
/// Stand-ins for what the snippets use without defining it.
struct MyDiff {
  init(from old: [RowValue], to new: [RowValue]) {}
  func batchUpdate(section: Int) -> BatchUpdate { BatchUpdate() }
}
func mySteps(_ old: [Row], _ new: [Row]) -> [Step] { [] }
let old: [[Row]] = [[Row("a")]]
let new: [[Row]] = [[Row("b"), Row("a"), Row("b")]]
"""

def snippets():
    for path in ["README.md"] + sorted(glob.glob("Sources/*/*.docc/*.md")):
        text = open(path, encoding="utf-8").read()
        for match in re.finditer(r"```swift\n(.*?)```", text, re.S):
            line = text.count("\n", 0, match.start()) + 2
            yield path, line, match.group(1)

def main():
    work = tempfile.mkdtemp(prefix="batchcheck-snippets-")
    files = []
    header = "".join(f"import {name}\n" for name in IMPORTS)
    with open(os.path.join(work, "Prelude.swift"), "w") as out:
        out.write(header + PRELUDE)
    files.append(os.path.join(work, "Prelude.swift"))
    places = {}
    manifests = []
    for index, (path, line, body) in enumerate(snippets()):
        if body.startswith("// swift-tools-version"):
            manifests.append((path, line, body))
            continue
        code = "\n".join(l for l in body.splitlines() if not l.startswith("import "))
        declarations = re.match(
            r"\s*(@Test|@MainActor|final class|class|struct|func|enum|extension|protocol)\b", code)
        if not declarations:
            code = f"func snippet{index}() async throws {{\n{code}\n}}"
        name = f"Snippet{index}.swift"
        with open(os.path.join(work, name), "w") as out:
            out.write(header + code + "\n")
        files.append(os.path.join(work, name))
        places[name] = f"{path}:{line}"
    result = subprocess.run(
        ["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6",
         "-suppress-warnings", "-I", modules] + files,
        capture_output=True, text=True)
    output = result.stdout + result.stderr
    for name, place in places.items():
        output = output.replace(os.path.join(work, name), f"{place} (as {name})")
    if result.returncode != 0:
        print(output)
        print(f"snippets: {len(places)} checked, some do not type-check")
        return 1
    # A package manifest (it starts with its tools version) type-checks alone,
    # against the toolchain's PackageDescription.
    swiftc = subprocess.run(["sh", "-c", "command -v swiftc"], capture_output=True, text=True).stdout.strip()
    manifest_api = os.path.join(os.path.dirname(os.path.realpath(swiftc)), "..", "lib", "swift", "pm", "ManifestAPI")
    for path, line, body in manifests:
        name = os.path.join(work, "Package.swift")
        with open(name, "w") as out:
            out.write(body)
        result = subprocess.run(
            ["swiftc", "-typecheck", "-swift-version", "6", "-suppress-warnings", "-I", manifest_api,
             "-package-description-version", "6.0.0", name],
            capture_output=True, text=True)
        if result.returncode != 0:
            print((result.stdout + result.stderr).replace(name, f"{path}:{line} (a manifest)"))
            print(f"snippets: the manifest at {path}:{line} does not type-check")
            return 1
    print(f"snippets: {len(places) + len(manifests)} Swift snippets of the README and the articles type-check")
    return 0

sys.exit(main())
