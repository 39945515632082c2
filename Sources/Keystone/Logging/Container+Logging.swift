/// Watching what a container does.
extension Container {
    /// The logger that sees this container's registrations, resolutions and failures; nil
    /// (the default) for none.
    ///
    /// ```swift
    /// container.logger = PrintLogger()
    /// ```
    ///
    /// While a container has no logger, logging costs one check of a flag on the resolve path.
    /// With one, resolves take the slow path so that each can be reported: `built` when a
    /// factory made an instance, `reused` when a scope answered with one, `failed` with the
    /// error when a resolve failed. A child container starts with its parent's logger; each
    /// container's own setting applies to the registrations it holds and the resolutions
    /// started from it.
    public var logger: (any ContainerLogger)? {
        get { existingFeatures.flatMap { features in features.lock.withLock { features.logger } } }
        set {
            let features = self.features
            // The logger replaced is released after the lock: its `deinit` may log or use the
            // container.
            let replaced = features.lock.withLock {
                defer {
                    features.logger = newValue
                    registry.setLogging(newValue != nil)
                }
                return features.logger
            }
            withExtendedLifetime(replaced) {}
        }
    }

    /// Reports the event `make` builds, if this container has a logger. Called only on slow
    /// paths, after checking ``Registry/isLogging``; the logger runs with no lock held.
    func log(_ make: () -> ContainerEvent) {
        guard let logger else { return }
        logger.log(make())
    }
}
