// Compiled only with the package trait `SwiftLog`, which brings in swift-log: an app that
// does not enable it never resolves swift-log. Without it, this module holds one unavailable
// stand-in (below), so that an app that uses the bridge but forgot the trait is told how to
// enable it, at the line that uses it, instead of "cannot find 'SwiftLogContainerLogger' in
// scope". An `#error` cannot say it: this package's own build compiles every target, with the
// trait off by default.
#if SwiftLog
    import Keystone
    import Logging

    /// Sends a Keystone container's events to a swift-log `Logger`.
    ///
    /// ```swift
    /// container.logger = SwiftLogContainerLogger(Logger(label: "app.di"))
    /// ```
    ///
    /// Registrations, builds and reuses are logged at `debug` (a resolve is frequent), failures
    /// at `error`. Each message carries metadata: `keystone.event`, `keystone.service` and, when
    /// known, `keystone.name` and `keystone.scope`.
    public struct SwiftLogContainerLogger: ContainerLogger {
        /// The swift-log logger that receives the events.
        public let logger: Logger

        /// Creates a bridge to `logger`.
        public init(_ logger: Logger) {
            self.logger = logger
        }

        /// Logs `event` at `error` for a failure, at `debug` otherwise.
        public func log(_ event: ContainerEvent) {
            var metadata: Logger.Metadata = [
                "keystone.event": "\(event.kind)",
                "keystone.service": "\(event.service)",
            ]
            if let name = event.name { metadata["keystone.name"] = "\(name)" }
            if let scope = event.scope { metadata["keystone.scope"] = "\(scope)" }
            let level: Logger.Level = event.kind == .failed ? .error : .debug
            logger.log(level: level, "\(event)", metadata: metadata)
        }
    }
#else
    import Keystone

    /// The swift-log bridge, built without the package trait `SwiftLog` that brings in
    /// swift-log: unavailable, so that using it names the fix.
    ///
    /// Enable the trait on the Keystone entry of the app's `Package.swift` dependencies,
    /// `.package(url: "…", from: "…", traits: ["SwiftLog"])`, to get the bridge.
    @available(
        *, unavailable,
        message:
            "KeystoneSwiftLog is empty unless Keystone's package trait SwiftLog is enabled. To fix, add traits: [\"SwiftLog\"] to the Keystone package in your Package.swift's dependencies: .package(url: \"…\", from: \"…\", traits: [\"SwiftLog\"])"
    )
    public struct SwiftLogContainerLogger: ContainerLogger {
        /// Unavailable: enable the package trait `SwiftLog`.
        public init<Logger>(_ logger: Logger) {}

        /// Unavailable: enable the package trait `SwiftLog`.
        public func log(_ event: ContainerEvent) {}
    }
#endif
