# Sourced by Benchmarks/instructions.sh, allocations.sh and memory.sh: builds a probe of the
# benchmarks package in release mode and sets `probe` to its path. `$1` names the caller in
# error messages; `$2` is the probe (KeystoneProbe when omitted). The release build of Keystone
# is shared with the benchmarks (smoke.sh) and the other probe.
probe_product="${2:-KeystoneProbe}"
probe_package="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
probe_log="$(mktemp)"
if ! swift build --package-path "$probe_package" -c release --product "$probe_product" >"$probe_log" 2>&1; then
    cat "$probe_log" >&2
    rm -f "$probe_log"
    echo "$1: the build of $probe_product failed" >&2
    exit 1
fi
rm -f "$probe_log"
probe="$(swift build --package-path "$probe_package" -c release --show-bin-path)/$probe_product"
