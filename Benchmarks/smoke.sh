#!/usr/bin/env bash
# Builds the benchmarks and runs every one of them for a single operation, to prove that they
# build and run (for CI). Measures nothing. Exits non-zero if the build or any benchmark fails.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

expected="$(swift package --package-path "$here" benchmark list 2>/dev/null | grep -cE '^[^ ]+/(hand|keystone|swinject|dependencies)$' || true)"
if [ "$expected" -eq 0 ]; then
    swift package --package-path "$here" benchmark list >&2 || true
    echo "smoke.sh: no benchmarks found" >&2
    exit 1
fi

if ! KEYSTONE_BENCHMARK_SMOKE=1 swift package --package-path "$here" benchmark \
    --no-progress --format markdown --path stdout >"$log" 2>&1; then
    cat "$log" >&2
    echo "smoke.sh: the benchmark run failed" >&2
    exit 1
fi

ran="$(grep -cE '^### [^ ]+/(hand|keystone|swinject|dependencies)$' "$log" || true)"
if [ "$ran" -ne "$expected" ]; then
    cat "$log" >&2
    echo "smoke.sh: $ran of $expected benchmarks reported results" >&2
    exit 1
fi
echo "smoke.sh: all $ran benchmarks ran"
