#!/usr/bin/env python3
"""Runs every `batchcheck ...` command of the article "Checking in CI"
(Sources/BatchCheck/BatchCheck.docc/CheckingInCI.md, its ```sh blocks) and
of the workflow it shows (Examples/github-actions/batchcheck.yml, its `run:`
steps) for real, against a built binary, so that none drifts from the CLI.

- The workflow in the article's ```yaml block must be the example file,
  byte for byte.
- A command of a matrix job runs once per matrix value, `${{ matrix.X }}`
  replaced by the value; any other `${{ ... }}` is an error.
- Commands run with bash, in order, in a fresh folder holding
  Examples/github-actions/mydiff.py (the article's and the workflow's
  generator), with `batchcheck` on the PATH; the workflow's merge job finds
  the reports its check jobs wrote, as it does after download-artifact.
- A command fails the script when its exit status is not 0, or when a file
  it writes (`> FILE`, `--junit FILE`, `--html FILE`, `--out FILE`) is
  missing or empty afterwards.
- Lines that are not `batchcheck` commands (`swift build ...`, `echo ... >>
  "$GITHUB_PATH"`) are listed as not run: Scripts/check-static-binary.sh
  runs the build.

    python3 Scripts/check-ci-commands.py                  # .build-static/release/batchcheck
    python3 Scripts/check-ci-commands.py --binary .build/release/batchcheck

Exits 1 at the end when anything failed, and prints the time taken.
"""
import argparse, os, re, shlex, shutil, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARTICLE = "Sources/BatchCheck/BatchCheck.docc/CheckingInCI.md"
WORKFLOW = "Examples/github-actions/batchcheck.yml"
GENERATOR = "Examples/github-actions/mydiff.py"
OUTPUT_OPTIONS = ("--junit", "--html", "--out")


def logical_lines(text):
    """The lines of a shell script, `\\` continuations joined, blank lines
    and comments dropped."""
    lines, pending = [], ""
    for line in text.splitlines():
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        line = (pending + line).strip()
        pending = ""
        if line and not line.startswith("#"):
            lines.append(line)
    return lines


def article_commands(text):
    """(place, command) for each line of the article's ```sh blocks."""
    for match in re.finditer(r"```sh\n(.*?)```", text, re.S):
        line = text.count("\n", 0, match.start()) + 2
        for command in logical_lines(match.group(1)):
            yield f"{ARTICLE}:{line}", command, {}


def workflow_commands(text):
    """(place, command, matrix) for each line of the workflow's `run:`
    steps, with the matrix of the job it is in ({name: [values]})."""
    lines = text.splitlines()
    matrix, index = {}, 0
    while index < len(lines):
        line = lines[index]
        if re.match(r"^  [A-Za-z0-9_-]+:\s*$", line):          # a job
            matrix = {}
        found = re.match(r"^\s+(\w+):\s*\[(.*)\]\s*$", line)
        if found and index > 0 and "matrix:" in lines[index - 1]:
            matrix[found.group(1)] = [v.strip().strip("'\"") for v in found.group(2).split(",")]
        run = re.match(r"^(\s*)(?:- )?run:\s*(.*)$", line)
        if not run:
            index += 1
            continue
        place, value = f"{WORKFLOW}:{index + 1}", run.group(2).strip()
        if value in ("|", ">", "|-", ">-"):
            block, index = [], index + 1
            indent = None
            while index < len(lines) and (not lines[index].strip() or indent is None
                                          or len(lines[index]) - len(lines[index].lstrip()) >= indent):
                if lines[index].strip():
                    if indent is None:
                        indent = len(lines[index]) - len(lines[index].lstrip())
                        if indent <= len(run.group(1)):
                            break
                    block.append(lines[index][indent:])
                index += 1
            script = " ".join(block) if value.startswith(">") else "\n".join(block)
        else:
            script, index = value, index + 1
        for command in logical_lines(script):
            yield place, command, dict(matrix)


def expand(command, matrix):
    """The command once per matrix value (every combination)."""
    names = [name for name in matrix if f"matrix.{name}" in command]
    runs = [command]
    for name in names:
        runs = [re.sub(r"\$\{\{\s*matrix\." + name + r"\s*\}\}", value, run)
                for run in runs for value in matrix[name]]
    return runs


def outputs(command):
    """The files a command writes: `> FILE` and the output options' values."""
    words = shlex.split(command)
    files = []
    for i, word in enumerate(words[:-1]):
        if word == ">" or word in OUTPUT_OPTIONS:
            files.append(words[i + 1])
    files += [w[1:] for w in words if w.startswith(">") and len(w) > 1]
    files += [w.split("=", 1)[1] for w in words if w.split("=", 1)[0] in OUTPUT_OPTIONS and "=" in w]
    return files


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(root, ".build-static", "release", "batchcheck"))
    binary = os.path.abspath(parser.parse_args().binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"error: no binary at {binary}: run Scripts/check-static-binary.sh first, or give --binary")
    start = time.monotonic()
    article = open(os.path.join(root, ARTICLE), encoding="utf-8").read()
    workflow = open(os.path.join(root, WORKFLOW), encoding="utf-8").read()
    failures = []

    shown = re.findall(r"```yaml\n(.*?)```", article, re.S)
    if shown != [workflow]:
        failures.append(f"{ARTICLE}: its ```yaml block is not {WORKFLOW}, byte for byte")

    tools = tempfile.mkdtemp(prefix="batchcheck-ci-bin-")
    os.symlink(binary, os.path.join(tools, "batchcheck"))
    environment = dict(os.environ, PATH=tools + os.pathsep + os.environ.get("PATH", ""))
    ran = 0
    for source, commands in [(ARTICLE, list(article_commands(article))),
                             (WORKFLOW, list(workflow_commands(workflow)))]:
        work = tempfile.mkdtemp(prefix="batchcheck-ci-")
        shutil.copy(os.path.join(root, GENERATOR), work)
        print(f"== {source} (in {work})")
        for place, command, matrix in commands:
            if not command.startswith("batchcheck "):
                print(f"not run here: {command}")
                continue
            for run in expand(command, matrix):
                if "${{" in run:
                    failures.append(f"{place}: an expression other than the matrix's: {run}")
                    continue
                began = time.monotonic()
                result = subprocess.run(["bash", "-o", "pipefail", "-c", run], cwd=work, env=environment,
                                        capture_output=True, text=True)
                took = time.monotonic() - began
                ran += 1
                print(f"{'ok' if result.returncode == 0 else 'FAIL'} ({took:.1f} s): {run}")
                if result.returncode != 0:
                    failures.append(f"{place}: exit {result.returncode}: {run}\n{result.stderr.strip()}")
                for name in outputs(run):
                    path = os.path.join(work, name)
                    if not os.path.isfile(path) or os.path.getsize(path) == 0:
                        failures.append(f"{place}: {name} was not written: {run}")
        shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(tools, ignore_errors=True)
    for failure in failures:
        print("error: " + failure, file=sys.stderr)
    print(f"{ran} commands run, {len(failures)} failures, {time.monotonic() - start:.1f} s")
    return 1 if failures or ran == 0 else 0


sys.exit(main())
