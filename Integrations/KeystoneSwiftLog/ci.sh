#!/usr/bin/env bash
# CI for the swift-log bridge: build with warnings as errors, then run its tests.
# Runnable from any directory: `bash Integrations/KeystoneSwiftLog/ci.sh`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --disable-xctest --skip-build
