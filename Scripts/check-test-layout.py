#!/usr/bin/env python3
"""The tests mirror the sources, and no test waits on a sleep.

For each test target Tests/<Module>Tests whose module Sources/<Module>
exists, every folder of the test target must be a room (a folder) of the
module, or be named Support. And no Swift file under Tests/ may call
usleep, Thread.sleep or Task.sleep, or start a line with sleep(: a test
waits on an event, or polls with waitUntil (Tests/BatchCheckTestSupport).
A generator script planted in a string that sleeps to simulate a hang
(`sleep 100` in shell, `time.sleep(100)` in Python) is not matched.

Exits 1 listing every violation; else prints "tests mirror the sources".

    python3 Scripts/check-test-layout.py
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SLEEP = re.compile(r"\b(usleep|Thread\.sleep|Task\.sleep)\(|^\s*sleep\(")


def folders(top):
    """Every folder under `top`, as paths relative to it (nested ones too)."""
    found = set()
    for parent, names, _ in os.walk(top):
        names[:] = sorted(name for name in names if not name.startswith("."))
        for name in names:
            found.add(os.path.relpath(os.path.join(parent, name), top))
    return found


def layout_violations():
    violations = []
    tests = os.path.join(ROOT, "Tests")
    sources = os.path.join(ROOT, "Sources")
    for target in sorted(os.listdir(tests)):
        if not target.endswith("Tests") or not os.path.isdir(os.path.join(tests, target)):
            continue
        module = os.path.join(sources, target[: -len("Tests")])
        if not os.path.isdir(module):
            continue
        rooms = folders(module)
        for folder in sorted(folders(os.path.join(tests, target))):
            parts = folder.split(os.sep)
            if "Support" in parts:
                # Support/, or a room's Support/, and what is inside it.
                above = os.sep.join(parts[: parts.index("Support")])
                if not above or above in rooms:
                    continue
            if folder in rooms:
                continue
            violations.append(
                f"Tests/{target}/{folder}: no such room in Sources/{os.path.basename(module)}"
            )
    return violations


def sleep_violations():
    violations = []
    for parent, names, files in os.walk(os.path.join(ROOT, "Tests")):
        names.sort()
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(parent, name)
            with open(path, encoding="utf-8") as file:
                for number, line in enumerate(file, 1):
                    if SLEEP.search(line):
                        relative = os.path.relpath(path, ROOT)
                        violations.append(
                            f"{relative}:{number}: sleeps; wait on an event or with waitUntil: "
                            + line.strip()
                        )
    return violations


def main():
    violations = layout_violations() + sleep_violations()
    if violations:
        for violation in violations:
            print(violation, file=sys.stderr)
        return 1
    print("tests mirror the sources")
    return 0


if __name__ == "__main__":
    sys.exit(main())
