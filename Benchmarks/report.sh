#!/usr/bin/env bash
# Runs every benchmark once (release build) and prints the ratio table: the median (p50)
# wall time per operation of hand wiring, Keystone and Swinject, their ratios, and the
# allocations per operation; then swift-dependencies where a scenario has a counterpart.
#
#   bash Benchmarks/report.sh                             # everything, a minute or two
#   bash Benchmarks/report.sh --filter 'singleton.*'      # extra options go to the plugin
#
# The plugin's output and its JMH export are kept in Benchmarks/.build/benchmark-report/.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/.build/benchmark-report"
rm -rf "$out"
mkdir -p "$out"

# The JMH export keeps full precision: the text formats round per-operation figures to whole
# nanoseconds, or print large totals as "15 K" and "4.61e+08". The benchmarks also report how
# many operations each sample ran, so that the table can divide the per-sample totals.
if ! swift package --package-path "$here" --allow-writing-to-directory "$out" benchmark \
    --no-progress --format jmh --path "$out" "$@" >"$out/run.log" 2>&1; then
    cat "$out/run.log" >&2
    echo "report.sh: the benchmark run failed (output above, also in $out/run.log)" >&2
    exit 1
fi

python3 - "$out/Current_run.jmh.json" <<'PY'
import json
import sys

# The order of the scenarios in the table; any other scenario follows, by name.
ORDER = [
    "singleton", "singleton-kept", "transient", "transient+singleton", "graph4", "chain10", "arguments1",
    "arguments3", "singleton-10k", "register1k", "singleton-2threads", "request",
    "request-2threads", "request-child", "request-child-2threads", "async-singleton", "async-transient",
    "async-graph",
]
WIRINGS = ("hand", "keystone", "swinject")
TIME = "Time (wall clock)"
MALLOC = "Malloc (total)"
OPERATIONS = "Operations per sample"

results = {}  # "scenario/wiring" -> {metric: p50 per sample}
for element in json.load(open(sys.argv[1], encoding="utf-8")):
    name = element["benchmark"].split(".", 3)[3]  # package.benchmark.TARGET.NAME
    results[name] = {
        metric: values["scorePercentiles"]["50.0"] * (1_000 if values["scoreUnit"] != "#" else 1)
        for metric, values in element["secondaryMetrics"].items()
    }
scenarios = {name.rsplit("/", 1)[0] for name in results}
order = [s for s in ORDER if s in scenarios] + sorted(scenarios - set(ORDER))


def metric(name, wanted):
    return results.get(name, {}).get(wanted)


def per_op(name, wanted, overhead=0.0):
    total = metric(name, wanted)
    ops = metric(name, OPERATIONS)
    if total is None or not ops:
        return None
    return max(total - overhead, 0.0) / ops


# The harness itself allocates a few blocks in every sample; the hand-wired singleton read
# allocates nothing, so what it counts is that overhead.
malloc_overhead = metric("singleton/hand", MALLOC) or 0.0


def fmt(value, digits=1):
    return "-" if value is None else f"{value:,.{digits}f}"


def ratio(a, b):
    return "-" if a is None or b is None or b == 0 else f"{a / b:.2f}x"


header = [
    "scenario", "hand ns", "keystone ns", "swinject ns", "keystone/hand", "swinject/keystone",
    "keystone mallocs/op", "hand mallocs/op", "swinject mallocs/op",
]
rows = []
for scenario in order:
    ns = {w: per_op(f"{scenario}/{w}", TIME) for w in WIRINGS}
    mallocs = {w: per_op(f"{scenario}/{w}", MALLOC, malloc_overhead) for w in WIRINGS}
    rows.append([
        scenario,
        fmt(ns["hand"]), fmt(ns["keystone"]), fmt(ns["swinject"]),
        ratio(ns["keystone"], ns["hand"]), ratio(ns["swinject"], ns["keystone"]),
        fmt(mallocs["keystone"], 2), fmt(mallocs["hand"], 2), fmt(mallocs["swinject"], 2),
    ])

widths = [max(len(str(row[i])) for row in [header] + rows) for i in range(len(header))]


def render(row):
    cells = [str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
    return " | ".join(cells)


print(render(header))
print("-+-".join("-" * w for w in widths))
for row in rows:
    print(render(row))

print()
print("Median (p50) wall time per operation, release build, one run. register1k: one operation")
print("is a new container with 1,000 registrations. singleton-2threads: time per resolve per")
print("thread with two threads resolving at once (equal to `singleton` if resolves scale).")
print("request: a request scope per request (Keystone; Swinject: the .graph scope), a graph of")
print("three resolved, the request ended; request-child: a child container per request with")
print("three registrations, disposed; -2threads: per request per thread, two at once.")
print("async-…: awaited resolves (`resolveAsync`) from a task; Swinject has no async factories.")
print(f"Allocations: per operation, less the harness's own {malloc_overhead:.0f} per sample.")

# swift-dependencies, in the scenarios that have a counterpart there (a value read through
# `@Dependency`; it has no transient or graph scopes and no arguments).
for scenario in order:
    theirs = per_op(f"{scenario}/dependencies", TIME)
    ours = per_op(f"{scenario}/keystone", TIME)
    if theirs is not None:
        mallocs = per_op(f"{scenario}/dependencies", MALLOC, malloc_overhead)
        print(
            f"swift-dependencies {scenario}: {fmt(theirs)} ns, {fmt(mallocs, 2)} mallocs/op; "
            f"swift-dependencies/keystone {ratio(theirs, ours)}"
        )

single = per_op("singleton/keystone", TIME)
crowded = per_op("singleton-10k/keystone", TIME)
threaded = per_op("singleton-2threads/keystone", TIME)
hand_single = per_op("singleton/hand", TIME)
hand_threaded = per_op("singleton-2threads/hand", TIME)
swinject_single = per_op("singleton/swinject", TIME)
swinject_threaded = per_op("singleton-2threads/swinject", TIME)
if single and crowded:
    print(f"Keystone singleton with 10,000 other registrations / without: {crowded / single:.2f}x")
if single and threaded:
    line = f"Keystone singleton, two threads / one thread (per resolve): {threaded / single:.2f}x"
    if hand_single and hand_threaded:
        line += f"; hand wiring {hand_threaded / hand_single:.2f}x"
    if swinject_single and swinject_threaded:
        line += f"; Swinject {swinject_threaded / swinject_single:.2f}x"
    print(line)
request = {wiring: per_op(f"request/{wiring}", TIME) for wiring in WIRINGS}
request2 = {wiring: per_op(f"request-2threads/{wiring}", TIME) for wiring in WIRINGS}
if request["keystone"] and request2["keystone"]:
    line = f"Request scope, two threads / one thread (per request): Keystone {request2['keystone'] / request['keystone']:.2f}x"
    for wiring, label in (("hand", "hand wiring"), ("swinject", "Swinject")):
        if request[wiring] and request2[wiring]:
            line += f"; {label} {request2[wiring] / request[wiring]:.2f}x"
    print(line)
PY
