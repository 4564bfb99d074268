#!/usr/bin/env python3
"""Check every relative link and #anchor in README.md and docs/**/*.md.

Usage: tools/check_doc_links.py [REPO_ROOT]   (default: the folder above this script)

Anchors follow GitHub's rule: the heading in lower case, punctuation other than '-' and
'_' dropped, spaces as '-', a repeated heading suffixed -1, -2, ... Links inside fenced
code blocks and absolute URLs are not checked. Prints one line per broken link and exits 1
when there is any, else prints the count checked and exits 0.
"""
import glob
import os
import re
import sys


def slug(heading):
    s = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return s.replace(" ", "-")


def lines_outside_fences(path):
    fence = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("```"):
                fence = not fence
                continue
            if not fence:
                yield number, line


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        for _, line in lines_outside_fences(path):
            m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
            if m:
                s = slug(m.group(2))
                n = seen.get(s, 0)
                seen[s] = n + 1
                found.add(s if n == 0 else f"{s}-{n}")
        cache[path] = found
    return cache[path]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "**", "*.md"), recursive=True))
    broken = checked = 0
    for f in files:
        for number, line in lines_outside_fences(f):
            for m in re.finditer(r"\]\(([^)\s]+)\)", line):
                target = m.group(1)
                if re.match(r"^[a-z]+:", target):
                    continue
                checked += 1
                path, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
                if not os.path.exists(resolved):
                    print(f"{os.path.relpath(f, root)}:{number}: no file {target}")
                    broken += 1
                elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                    print(f"{os.path.relpath(f, root)}:{number}: no heading for #{anchor} in {path or 'this page'}")
                    broken += 1
    if broken:
        print(f"{broken} broken link(s) of {checked} in {len(files)} file(s)")
        return 1
    print(f"{checked} link(s) in {len(files)} file(s): all resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
