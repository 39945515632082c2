#!/usr/bin/env bash
# Counts the heap allocations one resolve makes in each scenario (valgrind's memcheck counts
# every malloc: deterministic) and fails if any scenario makes more than
# Benchmarks/allocations.expected allows. Run by CI, so that an allocation creeping onto a
# resolve path fails the build; after a change that removes one, lower the expected count.
# A third column, where given, is how many allocations more over all the resolves are the
# runtime's own, not a resolve's (an async task's allocator takes a slab now and then).
#
#   bash Benchmarks/allocations.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
command -v valgrind >/dev/null || { echo "allocations.sh: needs valgrind" >&2; exit 1; }
# shellcheck source=Probes/build.sh
source "$here/Probes/build.sh" allocations.sh

allocations() {  # scenario iterations -> total allocations of the run
    valgrind --tool=memcheck --leak-check=no "$probe" "$1" "$2" 2>&1 |
        sed -n 's/.*total heap usage: *\([0-9,]*\) allocs.*/\1/p' | tr -d ,
}

n=1000
failed=0
while read -r scenario expected slack; do
    case "$scenario" in '' | '#'*) continue ;; esac
    slack="${slack:-0}"
    base="$(allocations "$scenario" 0)"
    total="$(allocations "$scenario" "$n")"
    per=$(((total - base) / n))
    remainder=$(((total - base) % n))
    if [ "$per" -gt "$expected" ] || { [ "$per" -eq "$expected" ] && [ "$remainder" -gt "$slack" ]; }; then
        printf '%-20s %s allocations per operation (and %s over %s resolves): more than the %s expected\n' \
            "$scenario" "$per" "$remainder" "$n" "$expected" >&2
        failed=1
    else
        printf '%-20s %s allocations per operation (expected at most %s)\n' "$scenario" "$per" "$expected"
    fi
done <"$here/allocations.expected"
exit "$failed"
