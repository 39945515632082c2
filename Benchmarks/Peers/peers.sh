#!/usr/bin/env bash
# Registers 1,000 services through a generic helper in Keystone and in five other Swift
# containers (KOInject, Resolver, Swoin, Zerk, Swinject), side by side in one run: the median
# wall time of each, then, with valgrind, the instructions of each (callgrind). Fetches the
# other libraries, at the releases pinned below, into Benchmarks/Peers/.build-peers/, so it
# needs access to GitHub (or KEYSTONE_PEER_MIRROR: a folder of clones named OWNER+NAME/repo).
# Not part of CI, which has no network.
#
#   bash Benchmarks/Peers/peers.sh          # 2,000 rounds
#   bash Benchmarks/Peers/peers.sh 500
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$here/.build-peers"
rounds="${1:-2000}"
mkdir -p "$work"

fetch() {  # owner/name commit folder
    local source="https://github.com/$1"
    [ -n "${KEYSTONE_PEER_MIRROR:-}" ] && source="$KEYSTONE_PEER_MIRROR/${1/\//+}/repo"
    if [ ! -d "$work/$3/.git" ]; then
        rm -rf "${work:?}/$3"
        git clone --quiet "$source" "$work/$3" || { echo "peers.sh: cannot fetch $1 from $source" >&2; exit 1; }
    fi
    git -C "$work/$3" checkout --quiet --force "$2"
}
# The last release of each (Swoin: its last commit, one past 0.0.5).
fetch Flawion/KOInject 41bb9064b522afacb748260460e44f349e7642bd KOInject  # 2.0.0
fetch hmlongco/Resolver 47602af1ac8d7952299fbd0bda3cfbd12cf3a8ca Resolver  # 1.5.1
fetch ofgokce/Zerk 1.0.5 Zerk
fetch ajpolt/swoin 2c967bc4258a5e784b19b4ce00a7961e49138b88 Swoin

# Resolver passes `PTHREAD_MUTEX_RECURSIVE` where glibc's is an `Int` and the call takes an
# `Int32`: converted, so that it builds on Linux.
sed -i.orig 's/pthread_mutexattr_settype(&recursiveMutexAttr, PTHREAD_MUTEX_RECURSIVE)/pthread_mutexattr_settype(\&recursiveMutexAttr, Int32(PTHREAD_MUTEX_RECURSIVE))/' \
    "$work/Resolver/Sources/Resolver/Resolver.swift"
# Swoin has no package manifest, and registers a list of types only through its module's own
# registration (see Swoin/Registration.swift).
cp "$here/Swoin/Package.swift" "$work/Swoin/Package.swift"
cp "$here/Swoin/Registration.swift" "$work/Swoin/Swoin/KeystoneBenchmarkRegistration.swift"

# 1,000 service types, so that each registration has a key of its own in every library.
{
    echo "// Made by peers.sh: 1,000 service types, and the list a helper registers them from."
    echo "protocol Buildable: AnyObject { init() }"
    for index in $(seq 0 999); do echo "final class Service$index: Buildable { init() {} }"; done
    echo "let serviceTypes: [any Buildable.Type] = ["
    for index in $(seq 0 999); do echo "    Service$index.self,"; done
    echo "]"
} >"$here/Harness/Services.swift"

swift build --package-path "$here" -c release --product PeerRegistration >"$work/build.log" 2>&1 ||
    { cat "$work/build.log" >&2; echo "peers.sh: the build failed" >&2; exit 1; }
binary="$(swift build --package-path "$here" -c release --show-bin-path)/PeerRegistration"

echo "Wall clock, the libraries in turn, $rounds rounds:"
"$binary" "$rounds"

if command -v valgrind >/dev/null; then
    echo
    echo "Instructions per 1,000 registrations (callgrind, 20 operations less none):"
    count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 2>&1 |
        sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,; }
    for library in keystone koinject resolver swoin zerk swinject; do
        printf '%-8s | %12d\n' "$library" $(( ($(count "$library" 20) - $(count "$library" 0)) / 20 ))
    done
fi
