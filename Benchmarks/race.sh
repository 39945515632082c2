#!/usr/bin/env bash
# Races registrations taken out of their slots (re-registered, unloaded, disposed) against
# resolutions that go through them on other threads, in a release build (see
# Probes/KeystoneRace): first as an app's release build runs, then under ThreadSanitizer. The
# tests run the same races in a debug build, whose frames keep references that hide a
# registration released too early; this is where that would crash, read a released marker, or
# leave one unreleased. Exits non-zero if any run does.
#
#   bash Benchmarks/race.sh           # 20,000 rounds, and 2,000 under ThreadSanitizer
#   bash Benchmarks/race.sh 5000      # fewer
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rounds="${1:-20000}"
# shellcheck source=Probes/build.sh
source "$here/Probes/build.sh" race.sh KeystoneRace
"$probe" "$rounds"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! swift build --package-path "$here" -c release --sanitize=thread --scratch-path "$here/.build-tsan" \
    --product KeystoneRace >"$log" 2>&1; then
    cat "$log" >&2
    echo "race.sh: the ThreadSanitizer build of KeystoneRace failed" >&2
    exit 1
fi
tsan="$(swift build --package-path "$here" -c release --sanitize=thread --scratch-path "$here/.build-tsan" --show-bin-path)/KeystoneRace"
TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}" "$tsan" $((rounds / 10))
