import Keystone

// Helpers for the files that import only KeystoneSwoin, as an app's would: they cannot name
// Keystone's `Container` without clashing with Swoin's `Module`, `get` and `weak`.

/// Runs `body` with a fresh Keystone container as `Container.shared`, so that the global
/// Swoin it starts is its own, unseen by tests running at the same time.
func withIsolatedSwoin<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Container.withShared(Container()) { try body() }
}
