#!/usr/bin/env python3
"""Turns the JSON of `sawtooth-lab bench all --json` into the README's markdown table of
measured figures (one row per figure: what, with the renderer of the frame figures;
median over runs, runs, command), headed by the date, core count, CPU model, load average
and build id. Reads a file or stdin; prints to stdout. Does not run
anything or judge the figures.

    sawtooth-lab bench all --json > bench.json && tools/bench/bench_table.py bench.json
"""
import json
import sys


def figure_text(f):
    median = f["median"]
    text = f"{median:.3g}" if median < 100 else f"{median:,.0f}"
    unit = f["unit"]
    if unit == "share":
        return text
    if unit.startswith("x "):
        return f"{text}× {unit[2:]}"
    return f"{text} {unit}"


def table(doc):
    if doc.get("format") != "sawtooth-bench-all":
        raise ValueError("not the JSON of `sawtooth-lab bench all` (no format sawtooth-bench-all)")
    quick = " — QUICK run (small ranges), not the README's figures" if doc["quick"] else ""
    machine = f" ({doc['cpu_model']})" if "cpu_model" in doc else ""
    load = ""
    if "load_average_start" in doc:
        load = f", load average {doc['load_average_start']:.2f} at the start, {doc['load_average_end']:.2f} at the end"
    lines = [
        f"Measured {doc['date_utc']} on {doc['cores']} cores{machine}{load}, build `{doc['build_id']}`{quick}.",
        "",
        "| measure | median | runs | command |",
        "|---|---|---|---|",
    ]
    for f in doc["figures"].values():
        what = f"{f['what']} [{f['renderer']}]" if f.get("renderer") else f["what"]
        lines.append(f"| {what} | {figure_text(f)} | {f['runs']} | `{f['command']}` |")
    return "\n".join(lines)


def main():
    try:
        with (open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin) as src:
            print(table(json.load(src)))
    except (OSError, ValueError, KeyError) as e:
        print(f"bench_table.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
