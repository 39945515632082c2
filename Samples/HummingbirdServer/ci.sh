#!/usr/bin/env bash
# CI for the Hummingbird server sample: build with warnings as errors, run its tests, then a
# short run of its load check (request scope against hand wiring).
# Runnable from any directory: `bash Samples/HummingbirdServer/ci.sh`. Needs the Swift
# toolchain (tested with 6.3.1) and the packages it resolves; the first build of Hummingbird,
# SwiftNIO and their dependencies takes several minutes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

step() { printf '\n=== %s\n' "$*"; }

# Without the KeystoneCheck plugin (see Package.swift): in Keystone's CI, the plugin is checked
# on an app of its own and on its corpus, and here it would compile swift-syntax once more.
export KEYSTONE_CHECK="${KEYSTONE_CHECK:-0}"

step "Hummingbird sample: build with warnings as errors (app and tests)"
# SwiftPM applies -Xswiftc to this package and to Keystone (a local path dependency), not to
# the remote packages (Hummingbird, SwiftNIO, ...), whose warnings are not this sample's to fix.
swift build --build-tests -Xswiftc -warnings-as-errors

step "Hummingbird sample: tests (live HTTP on 127.0.0.1)"
# --skip-build runs what the step above built: a plain `swift test` would build Hummingbird's
# modules a second time, with other settings (about 40 s more on 2 cores).
swift test --disable-xctest --skip-build

step "Hummingbird sample: load check, request scope against hand wiring (debug build, a short run)"
# Starts notes-server as a process of its own and sends both load-check routes a few hundred
# requests in turn: it fails only if a request fails, and its debug figures mean little. For
# figures: `swift build -c release && .build/release/notes-load-check` (see README.md).
swift run --skip-build notes-load-check --rounds 3 --requests 300 --connections 2
