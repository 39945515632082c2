/// A service that releases resources when the container lets go of it.
///
/// The container calls ``dispose()`` on the instances it holds (those of `.singleton` and
/// `.cached` registrations) when they leave their scope through ``Container/reset(_:)`` or
/// ``Container/dispose()``, newest first, so that a service is disposed before the services
/// it was built from. Instances the container does not hold (`.transient`, `.graph` and
/// `.weak`) belong to their callers and are never disposed by the container.
///
/// `dispose()` is called once per instance, on the thread that called `reset` or `dispose`,
/// with no container lock held, so it may resolve other services.
public protocol Disposable: AnyObject {
    /// Releases the resources this instance holds.
    func dispose()
}
