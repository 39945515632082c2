import Keystone

/// The test process's one `AutoRegistering` hook: `Container.shared` runs it once, before
/// its first use, whichever test that is. It registers only types that no other test
/// registers, so it cannot change what parallel tests see.
extension Container: AutoRegistering {
    /// Registers what the tests of the shared container's hook resolve.
    public static func registerServices(in container: Container) throws {
        sharedHookRuns.increment()
        AutoRegistrationTests.registerServices(in: container)
        ResolverSeedTests.registerAllServices(in: container)
        try ZerkSeedTests.store(in: container)
    }
}

/// How many times `Container.shared` ran the hook in this process.
let sharedHookRuns = Counter()
