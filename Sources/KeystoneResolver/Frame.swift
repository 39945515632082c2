import Keystone

/// What a Resolver factory needs to know about the resolution that calls it, carried in a
/// task-local value: Resolver's factories receive the resolver that the resolution started
/// from and its arguments, and their nested resolves must join the Keystone resolution in
/// progress (so that `.graph` instances are shared and cycles are reported with their path).
///
/// A class: a frame is copied into the task-local storage, read back and copied again, and each
/// copy of a struct would retain the resolver, whose counts take the runtime's slow path (its
/// registrations hold it weakly); a copy of a class retains only the frame.
@usableFromInline
final class Frame: Sendable {
    /// The resolver the caller resolved from: what a factory receives as `r`.
    let origin: Resolver
    /// The arguments of the resolve.
    let arguments: ArgumentBox
    /// The container whose factory (or property block) is running, if one is.
    let home: ObjectIdentifier?
    /// The Keystone resolution of that factory, for nested resolves in the same container.
    @usableFromInline let keystone: Keystone.Resolver?

    init(origin: Resolver, arguments: ArgumentBox, home: ObjectIdentifier?, keystone: Keystone.Resolver?) {
        self.origin = origin
        self.arguments = arguments
        self.home = home
        self.keystone = keystone
    }

    /// The frame of the innermost Resolver resolve or factory on this task or thread.
    static var current: Frame? { local.get() }

    /// The task-local value behind ``current``, set with `withValue`. Declared without the
    /// `@TaskLocal` wrapper so that the inlinable resolve can reach it.
    @usableFromInline static let local = TaskLocal<Frame?>(wrappedValue: nil)
}

/// Resolver's untyped arguments, handed from a resolve to its factory.
///
/// `@unchecked Sendable`: its one stored property is a `let`, set in `init` and only read
/// after (by the factory that the resolve hands it to, on whatever thread runs it), so no read
/// can race a write. (The arguments themselves are the app's, as Resolver handed them over.)
/// No lock: a box is shared by every resolve that passes no arguments (`none`).
final class ArgumentBox: @unchecked Sendable {
    private let wrapped: Resolver.Args

    init(_ value: Any?) {
        // Made once for the factory and the blocks that receive it.
        self.wrapped = Resolver.Args(value)
    }

    /// No arguments: shared by every resolve that passes none.
    static let none = ArgumentBox(nil)

    /// The arguments as a factory receives them.
    var args: Resolver.Args { wrapped }
}

/// A Resolver factory returned nil, which Resolver treats as "cannot resolve".
struct FactoryReturnedNil: Error, CustomStringConvertible {
    let service: String
    var description: String {
        "the Resolver factory of `\(service)` returned nil"
    }
}
