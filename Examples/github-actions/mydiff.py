# A diff on row identities with Python's difflib: the generator that
# Examples/github-actions/batchcheck.yml and the article "Checking in CI"
# check through --exec. One case per line on stdin, one update per line on
# stdout, flushed.
import difflib, json, sys

ident = lambda row: json.dumps(row["id"] if isinstance(row, dict) else row)
for line in sys.stdin:                        # one case per line
    case = json.loads(line)
    old, new = case["old"], case["new"]
    if len(old) != 1 or len(new) != 1:        # sections: replace them all
        answer = {"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}
    else:
        ops = difflib.SequenceMatcher(None, [ident(r) for r in old[0]], [ident(r) for r in new[0]], False).get_opcodes()
        answer = {"deleteRows": [[0, i] for op, a, b, _, _ in ops if op != "equal" for i in range(a, b)],
                  "insertRows": [[0, j] for op, _, _, c, d in ops if op != "equal" for j in range(c, d)]}
    print(json.dumps(answer), flush=True)     # one answer per line, flushed
