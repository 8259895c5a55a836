#!/usr/bin/env python3
"""Lists every Swift function, initializer, subscript, computed-property body
and closure stored in a `let` (or `var`) under Sources/ that spans more than
80 lines, counted from the line of its declaration keyword to the line of its
closing brace, both included.

- Braces inside string literals (plain, multi-line and raw, interpolations
  included) and inside comments (line, block, nested block) are skipped.
- A body is the `{` that follows `func`, `init`, `deinit` or `subscript` at
  the same bracket depth, with no other declaration keyword between; the `{`
  that ends the line of a `var name: Type`; or the `{` right after the `=`
  of a `let name = ` or `var name: Type = `.

    python3 Scripts/check-function-length.py

Prints `path:line: name is N lines (at most 80)` for each and exits 1; when
there is none, prints `no function over 80 lines` and exits 0.
"""
import os, re, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT = 80
DECLARATIONS = {"func", "init", "deinit", "subscript", "var", "let"}
STATEMENTS = {
    "if", "guard", "for", "while", "switch", "do", "return", "repeat",
    "let", "var", "func", "defer", "case", "else", "in",
}


def blank(text):
    """The text with every comment and string literal replaced by spaces,
    newlines kept, so that line numbers and code offsets are unchanged."""
    out = list(text)
    n, i = len(text), 0
    # What the lexer is inside, innermost last: ("code", open parens) for the
    # file or a string interpolation; ("string", hashes, multi-line, start)
    # for a string literal.
    stack = [("code", 0)]

    def wipe(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        top = stack[-1]
        if top[0] == "code":
            inner = len(stack) > 1
            c = text[i]
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                wipe(i, end)
                i = end
            elif text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                wipe(i, j)
                i = j
            elif c == '"' or (c == "#" and re.match(r'#+"', text[i : i + 8])):
                j = i
                while text[j] == "#":
                    j += 1
                hashes = j - i
                multi = text.startswith('"""', j)
                stack.append(("string", hashes, multi, i))
                i = j + (3 if multi else 1)
            elif inner and c == "(":
                stack[-1] = ("code", top[1] + 1)
                i += 1
            elif inner and c == ")":
                if top[1] == 0:
                    stack.pop()  # the end of an interpolation
                else:
                    stack[-1] = ("code", top[1] - 1)
                i += 1
            else:
                i += 1
        else:
            _, hashes, multi, start = top
            close = ('"""' if multi else '"') + "#" * hashes
            escape = "\\" + "#" * hashes
            if text.startswith(escape + "(", i):
                stack.append(("code", 0))
                i += len(escape) + 1
            elif text.startswith(escape, i):
                i += len(escape) + 1
            elif text.startswith(close, i):
                i += len(close)
                stack.pop()
                if len(stack) == 1:
                    wipe(start, i)
            else:
                i += 1
    strings = [entry for entry in stack if entry[0] == "string"]
    if strings:  # an unterminated literal: wiped to the end
        wipe(strings[0][3], n)
    return "".join(out)


def tokens(code):
    """The tokens of blanked code, each (kind, text, offset), kind one of
    word, newline, punct."""
    result = []
    for m in re.finditer(r"[A-Za-z_][A-Za-z0-9_]*|`[^`\n]*`|\n|->|\S", code):
        t = m.group()
        if t == "\n":
            kind = "newline"
        elif t[0].isalpha() or t[0] in "_`":
            kind = "word"
        else:
            kind = "punct"
        result.append((kind, t, m.start()))
    return result


def owner(toks, k):
    """(name, index of its keyword) of the declaration whose body the `{` at
    toks[k] opens, or None: the nearest declaration keyword before it at the
    same bracket depth, within the same brace level."""
    depth, j = 0, k - 1
    while j >= 0:
        kind, t, _ = toks[j]
        if t in ("}", "{", ";"):
            return None
        if t in (")", "]"):
            depth += 1
        elif t in ("(", "["):
            depth -= 1
            if depth < 0:
                return None
        elif depth == 0 and kind == "word" and t in DECLARATIONS:
            if j == 0 or toks[j - 1][1] != ".":  # not a call of `.init`
                name = judge(toks, j, k)
                return None if name is None else (name, j)
        j -= 1
    return None


def judge(toks, j, k):
    """The name of the declaration whose keyword is toks[j] when the `{` at
    toks[k] is its body, or None."""
    keyword = toks[j][1]
    if keyword in ("init", "deinit", "subscript"):
        return keyword
    after = [t for t in toks[j + 1 : k] if t[0] != "newline"]
    if not after or after[0][0] != "word":
        return None
    name = after[0][1].strip("`")
    if keyword == "func":
        return name
    rest = [t[1] for t in after[1:]]
    if rest and rest[-1] == "=":
        # a closure stored: `let name = {`, `let name: Type = {`
        return name if rest == ["="] or rest[0] == ":" else None
    if keyword == "let" or not rest or rest[0] != ":" or "=" in rest:
        return None
    # a computed var: `var name: Type {`, the `{` on the line the type ends on
    if toks[k - 1][0] == "newline":
        return None
    if any(t[0] == "word" and t[1] in STATEMENTS for t in after[1:]):
        return None
    return name


def check(path):
    """(line, name, length) of each declaration of the file over the limit."""
    with open(path, encoding="utf-8") as f:
        code = blank(f.read())
    toks = tokens(code)
    found, opens = [], []
    for k, (_, t, offset) in enumerate(toks):
        if t == "{":
            opens.append(owner(toks, k))
        elif t == "}" and opens:
            declared = opens.pop()
            if declared is not None:
                name, keyword = declared
                found.append((name, toks[keyword][2], offset))
    result = []
    for name, start, end in found:
        first = code.count("\n", 0, start) + 1
        length = code.count("\n", start, end) + 1
        if length > LIMIT:
            result.append((first, name, length))
    return sorted(result)


def main():
    over = []
    for folder, dirs, files in os.walk(os.path.join(root, "Sources")):
        dirs.sort()
        for file in sorted(files):
            if file.endswith(".swift"):
                path = os.path.join(folder, file)
                where = os.path.relpath(path, root)
                for line, name, length in check(path):
                    over.append(f"{where}:{line}: {name} is {length} lines (at most {LIMIT})")
    if over:
        print("\n".join(over))
        return 1
    print(f"no function over {LIMIT} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
