#!/usr/bin/env python3
"""Measure a Rust crate's module layout from its `src/` folder.

Usage: scripts/modules.py [CRATE] [--files] [--check] [--top N] [--layers TOP,...,BOTTOM]
       [--sizes-only]

CRATE is the crate's folder (default crates/server). The script reads every `.rs` file under
CRATE/src, builds the module graph from `use crate::…`, `crate::…` and `super::…` paths, and
prints:

- the files per folder (a folder is a top-level module of the crate: `src/rooms/` or `src/x.rs`);
- the largest files by lines of code: blank lines, `//` comment lines, `/* … */` comments and
  `#[cfg(test)]` items (the `mod tests { … }` blocks) aside;
- the folder-level dependency graph (an arrow `a -> b` when a file of `a` names a path of `b`,
  outside its tests), with the number of files of `a` that do;
- every circle: strongly connected components of more than one folder, and with `--files` of
  more than one file within a folder.

With `--layers` (folders from the top down, as the crate's docs order them) every arrow from a
folder to one above it is listed as an arrow up. With `--check` it exits 1 when a circle joins
folders, an arrow runs up, or a file has more than 1,000 code lines (with `--sizes-only`: only
the last).
Only the standard library is used; the parsing is lexical (comments, strings and test items are
stripped, then paths are read), which is what a crate written with `use` lines needs.
"""

import argparse
import os
import re
import sys
from collections import defaultdict

LIMIT = 1000

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip_comments_and_strings(text):
    """Blank out comments, string and char literals, keeping line breaks (so lines still count)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j += 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c == "'":
            # A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a); only literals are blanked.
            m = re.match(r"'(\\[^']{1,10}|[^\\'])'", text[i:])
            if m:
                out.append("' '")
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def blank_test_items(code):
    """Blank out every `#[cfg(test)]` item that has a braced body, keeping line breaks."""
    result = code
    for m in reversed(list(re.finditer(r"#\[cfg\(test\)\]", code))):
        start = m.start()
        brace = code.find("{", m.end())
        semi = code.find(";", m.end())
        if brace < 0 or (0 <= semi < brace):
            continue  # `#[cfg(test)] mod tests;` or a `use`: nothing inline to skip
        depth, j = 0, brace
        while j < len(code):
            if code[j] == "{":
                depth += 1
            elif code[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        result = result[:start] + "\n" * code.count("\n", start, j + 1) + result[j + 1:]
        code = result
    return result


def code_lines(text):
    """Lines of code: blank, comment and test lines aside."""
    code = blank_test_items(strip_comments_and_strings(text))
    return sum(1 for line in code.splitlines() if line.strip())


def module_path(rel):
    """`rooms/room.rs` -> ['rooms', 'room']; `rooms/mod.rs` -> ['rooms']; `lib.rs` -> []."""
    parts = rel[:-3].split(os.sep)
    if parts[-1] in ("mod", "lib", "main") and (len(parts) > 1 or parts[-1] != "mod"):
        parts = parts[:-1]
    return parts


def use_paths(code):
    """Every `crate::…`/`super::…`/`self::…` path, with `{…}` groups expanded; each as a list."""
    paths = []
    for m in re.finditer(r"(?<![A-Za-z0-9_:])(crate|super|self)(?=\s*::)", code):
        j = m.end()
        expr = m.group(1)
        while True:
            sep = re.match(r"\s*::\s*", code[j:])
            if not sep:
                break
            j += sep.end()
            if code.startswith("{", j):
                depth, k = 0, j
                while k < len(code):
                    depth += code[k] == "{"
                    depth -= code[k] == "}"
                    if depth == 0:
                        break
                    k += 1
                expr += "::" + re.sub(r"\s+", "", code[j:k + 1])
                break
            word = re.match(IDENT + r"|\*", code[j:])
            if not word:
                break
            expr += "::" + word.group(0)
            j += word.end()
        paths.extend(expand(expr))
    return paths


def child_paths(code, children):
    """Paths into the file's own child modules (`mod refusal;` ... `use refusal::Refusal`)."""
    paths = []
    for name in children:
        for m in re.finditer(r"(?<![A-Za-z0-9_:])" + name + r"\s*::", code):
            paths.append(["self", name])
    return paths


def expand(expr):
    """`crate::a::{b, c::{d}}` -> [[crate,a,b],[crate,a,c,d]]."""
    brace = expr.find("{")
    if brace < 0:
        return [[p for p in expr.split("::") if p]]
    prefix = [p for p in expr[:brace].split("::") if p]
    inner = expr[brace + 1:expr.rfind("}")]
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    result = []
    for part in parts:
        part = part.strip()
        if not part:
            continue
        for sub in expand(part):
            result.append(prefix + sub)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("crate", nargs="?", default="crates/server")
    ap.add_argument("--files", action="store_true", help="also list circles of files within a folder")
    ap.add_argument("--check", action="store_true", help="exit 1 on a circle between folders or a file over 1,000 code lines")
    ap.add_argument("--top", type=int, default=10, help="how many of the largest files to list")
    ap.add_argument("--layers", help="the folders from the top layer down, comma-separated: an arrow up fails --check")
    ap.add_argument("--sizes-only", action="store_true", help="with --check: check the files' sizes only")
    args = ap.parse_args()

    src = os.path.join(args.crate, "src")
    if not os.path.isdir(src):
        print(f"modules.py: no src/ folder in {args.crate!r}", file=sys.stderr)
        return 2

    files = {}  # rel path -> (module path, stripped code, code lines)
    for root, _dirs, names in os.walk(src):
        for name in names:
            if name.endswith(".rs"):
                full = os.path.join(root, name)
                rel = os.path.relpath(full, src)
                with open(full, encoding="utf-8") as f:
                    text = f.read()
                code = blank_test_items(strip_comments_and_strings(text))
                lines = sum(1 for line in code.splitlines() if line.strip())
                files[rel] = (module_path(rel), code, lines)

    modules = {tuple(mp): rel for rel, (mp, _c, _l) in files.items()}

    # Names the crate root re-exports (`pub use a::b::{X, Y}` in lib.rs) resolve to their module.
    root_names = {}
    lib = next((rel for rel, (mp, _c, _l) in files.items() if not mp), None)
    if lib:
        for m in re.finditer(r"\bpub\s+use\s+([^;]+);", files[lib][1]):
            for p in expand(re.sub(r"\s+", "", m.group(1))):
                if p and p[0] != "crate" and len(p) > 1:
                    root_names[p[-1].split("as")[-1]] = p[0]

    def folder_of(rel):
        mp = files[rel][0]
        return mp[0] if mp else "(lib)"

    def resolve(rel, path):
        """The module path a `crate::`/`super::`/`self::` path names, as precise as known."""
        mp = list(files[rel][0])
        here = mp if os.path.basename(rel) in ("mod.rs", "lib.rs", "main.rs") else mp
        # A file `a/b.rs` is module a::b; `super` is a; `self` is a::b.
        if path[0] == "crate":
            target = path[1:]
            if target and tuple(target[:1]) not in modules and target[0] in root_names:
                if (root_names[target[0]],) not in modules:
                    return None  # another crate, re-exported at the root (`pub use other as x`)
                target = [root_names[target[0]]] + target
        else:
            target = list(here)
            rest = list(path)
            while rest and rest[0] in ("super", "self"):
                if rest[0] == "super":
                    target = target[:-1]
                rest = rest[1:]
            target = target + rest
        # The longest prefix that is a module file.
        for k in range(len(target), -1, -1):
            if tuple(target[:k]) in modules:
                return modules[tuple(target[:k])]
        return None

    folder_edges = defaultdict(set)  # (a, b) -> files of a naming b
    file_edges = defaultdict(set)
    for rel, (_mp, code, _l) in files.items():
        children = re.findall(r"^\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+(" + IDENT + r")\s*;", code, re.M)
        for path in use_paths(code) + child_paths(code, children):
            target = resolve(rel, path)
            if target is None or target == rel:
                continue
            a, b = folder_of(rel), folder_of(target)
            if a != b:
                folder_edges[(a, b)].add(rel)
            file_edges[rel].add(target)

    # Files per folder.
    per_folder = defaultdict(list)
    for rel in files:
        per_folder[os.path.dirname(rel) or "."].append(rel)
    print(f"# {args.crate}: {len(files)} files, {sum(f[2] for f in files.values())} code lines (tests, blank and comment lines aside)")
    print()
    print("## Files per folder")
    for folder in sorted(per_folder):
        rels = per_folder[folder]
        lines = sum(files[r][2] for r in rels)
        print(f"  {folder + '/':<20} {len(rels):>3} files {lines:>6} code lines")
    print()
    print(f"## Largest files (code lines; limit {LIMIT})")
    largest = sorted(files, key=lambda r: -files[r][2])
    for rel in largest[: args.top]:
        mark = "  OVER" if files[rel][2] > LIMIT else ""
        print(f"  {files[rel][2]:>6}  {rel}{mark}")
    over = [r for r in files if files[r][2] > LIMIT]
    print()

    folders = sorted({folder_of(r) for r in files})
    graph = defaultdict(set)
    for (a, b) in folder_edges:
        graph[a].add(b)
    print("## Folder dependencies (a -> b: files of a naming b)")
    for a in folders:
        if graph[a]:
            targets = ", ".join(f"{b}({len(folder_edges[(a, b)])})" for b in sorted(graph[a]))
            print(f"  {a} -> {targets}")
    print()

    sccs = [c for c in tarjan(folders, graph) if len(c) > 1]
    print("## Circles between folders")
    if not sccs:
        print("  none")
    for c in sccs:
        print(f"  {len(c)} folders: {' '.join(sorted(c))}")
        for a in sorted(c):
            for b in sorted(graph[a] & set(c)):
                print(f"      {a} -> {b}: {', '.join(sorted(folder_edges[(a, b)]))}")
    print()

    ups = []
    if args.layers:
        order = [f.strip() for f in args.layers.split(",") if f.strip()]
        unknown = [f for f in order if f not in folders]
        if unknown:
            print(f"modules.py: --layers names folders the crate does not have: {', '.join(unknown)}", file=sys.stderr)
            return 2
        rank = {f: i for i, f in enumerate(order)}
        ups = [(a, b) for (a, b) in sorted(folder_edges) if a in rank and b in rank and rank[a] > rank[b]]
        print("## Arrows up (a lower layer naming a higher one)")
        if not ups:
            print("  none")
        for a, b in ups:
            print(f"  {a} -> {b}: {', '.join(sorted(folder_edges[(a, b)]))}")
        print()

    if args.files:
        print("## Circles between files within a folder")
        found = False
        for folder in folders:
            inside = [r for r in files if folder_of(r) == folder]
            g = {r: {t for t in file_edges[r] if folder_of(t) == folder} for r in inside}
            for c in tarjan(sorted(inside), g):
                if len(c) > 1:
                    found = True
                    print(f"  {folder}: {' '.join(sorted(c))}")
        if not found:
            print("  none")
        print()

    if args.check:
        problems = []
        if sccs and not args.sizes_only:
            problems.append(f"{len(sccs)} circle(s) between folders")
        if ups and not args.sizes_only:
            problems.append(f"{len(ups)} arrow(s) up")
        if over:
            problems.append(f"files over {LIMIT} code lines: {', '.join(sorted(over))}")
        if problems:
            print("check failed: " + "; ".join(problems), file=sys.stderr)
            return 1
        if args.sizes_only:
            print(f"check passed: no file over {LIMIT} code lines")
        else:
            print(f"check passed: no circle between folders, no arrow up, no file over {LIMIT} code lines")
    return 0


def tarjan(nodes, graph):
    """Strongly connected components (iterative Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(comp)
    return out


if __name__ == "__main__":
    sys.exit(main())
