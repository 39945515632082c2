// Compiled only with the package trait `SwiftLog`, which brings in swift-log: an app that
// does not enable it never resolves swift-log, and this module is empty.
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
#endif
