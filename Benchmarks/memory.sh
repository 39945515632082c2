#!/usr/bin/env bash
# Prints the resident memory of a long-lived container under churn, after a warm-up and at
# each quarter of the cycles (see Probes/KeystoneChurn), and fails if the last three
# quarters grew it by more than LIMIT KiB: the registry lets go of what `unload` removes and
# of a disposed child's registrations, so after the first quarter memory stays flat.
#
#   bash Benchmarks/memory.sh             # 100,000 cycles of each
#   bash Benchmarks/memory.sh 20000       # fewer
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cycles="${1:-100000}"
limit=1024
# shellcheck source=Probes/build.sh
source "$here/Probes/build.sh" memory.sh KeystoneChurn
churn="$probe"

failed=0
for pattern in tenants children; do
    output="$("$churn" "$pattern" "$cycles")"
    echo "$output"
    first="$(echo "$output" | sed -n '2s/.*: \([0-9]*\) KiB after.*/\1/p')"
    last="$(echo "$output" | sed -n '5s/.*: \([0-9]*\) KiB after.*/\1/p')"
    if [ $((last - first)) -gt "$limit" ]; then
        echo "memory.sh: $pattern grew by $((last - first)) KiB over the last three quarters (limit $limit KiB)" >&2
        failed=1
    fi
done
exit "$failed"
