#!/usr/bin/env bash
# Prints the instructions one Keystone operation executes, counted by callgrind (deterministic,
# unlike wall clock on a shared VM): the probe runs a scenario N times and 0 times, and the
# difference is divided by N. register1k counts one container with 1,000 registrations.
#
#   bash Benchmarks/instructions.sh                  # every scenario
#   bash Benchmarks/instructions.sh singleton        # one
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind" >&2; exit 1; }
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! swift build --package-path "$here/Probe" -c release >"$log" 2>&1; then
    cat "$log" >&2
    echo "instructions.sh: the build failed" >&2
    exit 1
fi
probe="$(swift build --package-path "$here/Probe" -c release --show-bin-path)/KeystoneProbe"

count() {  # scenario iterations -> total instructions
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$probe" "$1" "$2" 2>&1 |
        sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,
}

scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(singleton transient transient+singleton graph4 arguments1 register1k)
for scenario in "${scenarios[@]}"; do
    n=10000
    [ "$scenario" = register1k ] && n=5
    base="$(count "$scenario" 0)"
    total="$(count "$scenario" "$n")"
    printf '%-20s %12s instructions per operation\n' "$scenario" "$(( (total - base) / n ))"
done
