#!/usr/bin/env bash
# Prints the instructions one Keystone operation executes, counted by callgrind (deterministic,
# unlike wall clock on a shared VM): the probe runs a scenario N times and 0 times, and the
# difference is divided by N. register1k counts one container with 1,000 registrations;
# register1k-capturing the same with factories that capture a value; register1k-generic the
# same through a generic helper that is not specialised.
# Scenarios with a hand-wired counterpart (hand-SCENARIO: the same objects built by accessors
# that are calls, as through a container) are counted beside it, with the ratio.
#
#   bash Benchmarks/instructions.sh                  # every scenario
#   bash Benchmarks/instructions.sh singleton        # one
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind" >&2; exit 1; }
# shellcheck source=Probes/build.sh
source "$here/Probes/build.sh" instructions.sh

count() {  # scenario iterations -> total instructions
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$probe" "$1" "$2" 2>&1 |
        sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,
}

scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(singleton singleton-kept bound-singleton weak transient default-scope named optional-hit bound-transient injected lazy-injected weak-lazy-injected resolve-all resolve-all-async transient+singleton graph4 graph4-module arguments1 arguments3 main-actor-singleton optional-miss async-singleton async-built-singleton async-bound-singleton async-transient async-graph request request-child register1k register1k-capturing register1k-generic)
per_operation() {  # scenario -> instructions per operation
    local n=10000
    case "$1" in register1k*) n=5 ;; esac
    local base total
    base="$(count "$1" 0)"
    total="$(count "$1" "$n")"
    echo $(( (total - base) / n ))
}
hand_of() {  # scenario -> the hand-wired scenario it is counted beside
    case "$1" in
        request-child) echo request ;;
        graph4-module) echo graph4 ;;
        named | optional-hit | injected | default-scope) echo transient ;;
        *) echo "$1" ;;
    esac
}
for scenario in "${scenarios[@]}"; do
    keystone="$(per_operation "$scenario")"
    case "$scenario" in
        singleton-kept | transient | default-scope | named | optional-hit | transient+singleton | graph4 | graph4-module | injected | resolve-all | arguments1 | arguments3 | async-transient | async-graph | request | request-child)
            hand="$(per_operation "hand-$(hand_of "$scenario")")"
            printf '%-20s %12s instructions per operation (hand wiring %s: %s.%02dx)\n' "$scenario" "$keystone" \
                "$hand" "$(( keystone / hand ))" "$(( keystone * 100 / hand % 100 ))"
            ;;
        *) printf '%-20s %12s instructions per operation\n' "$scenario" "$keystone" ;;
    esac
done
