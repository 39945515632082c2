#!/usr/bin/env bash
# Builds the benchmarks and runs every one of them for a single operation, to prove that they
# build and run (for CI). Measures nothing. Exits non-zero if the build or any benchmark fails.
#
# It builds the benchmark executable with `swift build` and runs it directly, which runs every
# benchmark in-process, without package-benchmark's plugin: the plugin would build its own
# tool twice (as a plugin dependency and in release), about two minutes on two cores, to drive
# a run that checks nothing here.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

if ! swift build --package-path "$here" -c release --product KeystoneBenchmarks >"$log" 2>&1; then
    cat "$log" >&2
    echo "smoke.sh: the benchmarks' build failed" >&2
    exit 1
fi
benchmarks="$(swift build --package-path "$here" -c release --show-bin-path)/KeystoneBenchmarks"

# Run with no host process, the executable runs every benchmark in turn and prints each one's
# results (package-benchmark's "debug" mode).
if ! KEYSTONE_BENCHMARK_SMOKE=1 "$benchmarks" --quiet true >"$log" 2>&1; then
    cat "$log" >&2
    echo "smoke.sh: the benchmark run failed" >&2
    exit 1
fi

# Every scenario registers a benchmark for hand wiring, Keystone and Swinject
# (Support/Scenario.swift): each one that hand wiring reported, the other two must have too;
# the awaited ones (Scenarios/Async.swift, `async-…`) for hand wiring and Keystone only, as
# Swinject has no async factories.
names() { sed -n "s|^Debug results for \([^ ]*\)/$1:\$|\1|p" "$log" | sort; }
scenarios="$(names hand | wc -l | tr -d ' ')"
for wiring in keystone swinject; do
    expected="$(names hand)"
    if [ "$wiring" = swinject ]; then expected="$(grep -v '^async-' <<<"$expected" || true)"; fi
    missing="$(comm -23 <(echo "$expected") <(names "$wiring") | tr '\n' ' ')"
    if [ "$scenarios" -eq 0 ] || [ -n "$missing" ]; then
        cat "$log" >&2
        echo "smoke.sh: $scenarios scenarios reported for hand wiring; $wiring did not report: ${missing:-(none ran)}" >&2
        exit 1
    fi
done
echo "smoke.sh: all $(grep -c '^Debug results for ' "$log") benchmarks of $scenarios scenarios ran"
