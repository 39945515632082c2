/// Receives what a container does: registrations, resolutions (built or reused) and failures.
///
/// Set one with ``Container/logger``; a container has none by default, and then logging costs
/// nothing but one check on the resolve path. Keystone ships ``PrintLogger``; bridging to
/// another logging system is one small type:
///
/// ```swift
/// struct CollectingLogger: ContainerLogger {
///     let events: EventCollector
///     func log(_ event: ContainerEvent) { events.append(event.description) }
/// }
/// ```
///
/// `log` is called on the thread that registers or resolves, with no container lock held, so
/// it may do anything but must be thread-safe (hence `Sendable`). It is called synchronously
/// in the middle of a resolution: keep it quick.
public protocol ContainerLogger: Sendable {
    /// Records one event.
    func log(_ event: ContainerEvent)
}

/// A logger that prints every event to standard output, prefixed with `[Keystone]`.
///
/// ```swift
/// container.logger = PrintLogger()
/// ```
public struct PrintLogger: ContainerLogger {
    /// Creates a print logger.
    public init() {}

    /// Prints `event`.
    public func log(_ event: ContainerEvent) {
        print("[Keystone] \(event)")
    }
}
