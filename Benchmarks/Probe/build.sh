# Sourced by Benchmarks/instructions.sh and Benchmarks/allocations.sh: checks for valgrind,
# builds the probe in release mode, and sets `probe` to its path. `$1` names the caller in
# error messages.
command -v valgrind >/dev/null || { echo "$1: needs valgrind" >&2; exit 1; }
probe_log="$(mktemp)"
if ! swift build --package-path "$(dirname "${BASH_SOURCE[0]}")" -c release >"$probe_log" 2>&1; then
    cat "$probe_log" >&2
    rm -f "$probe_log"
    echo "$1: the probe's build failed" >&2
    exit 1
fi
rm -f "$probe_log"
probe="$(swift build --package-path "$(dirname "${BASH_SOURCE[0]}")" -c release --show-bin-path)/KeystoneProbe"
