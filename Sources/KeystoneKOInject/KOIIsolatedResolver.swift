// KOInject 1.x and 2.0 spell `resolve`'s label differently, and apps call it with a trailing
// closure; the overloads are told apart by the generic one being less specific.
// swift-format-ignore: AmbiguousTrailingClosureOverload
/// Gives a resolved object to one action and lets it go when the action ends: for a
/// transaction that should exist only while it is used.
///
/// ```swift
/// let isolatedResolver = KOIIsolatedResolver(lazyResolver: lazyResolver)
/// isolatedResolver.resolve { userBilling in
///     userBilling?.add(payment: payment)
/// }
/// ```
///
/// It adapts a ``KOILazyResolver`` (or one of its `Arg1`…`Arg9` subclasses): each `resolve`
/// resolves it, runs the action with the object (nil if nothing is registered), then disposes
/// it.
public final class KOIIsolatedResolver<RegisterType> {
    private let lazyResolver: KOILazyResolver<RegisterType>

    /// Creates an isolated resolver over a lazy resolver.
    public init(lazyResolver: KOILazyResolver<RegisterType>) {
        self.lazyResolver = lazyResolver
    }

    /// Resolves the object, runs `action` with it, then disposes the lazy resolver (KOInject
    /// 1.x's label).
    public func resolve(withAction action: (RegisterType?) -> Void) {
        let object = lazyResolver.resolveAndHold()
        defer { lazyResolver.dispose() }
        action(object)
    }

    /// Resolves the object, runs `action` with it, then disposes the lazy resolver: KOInject
    /// 2.0's spelling of ``resolve(withAction:)``.
    public func resolve<Ignored>(for action: (RegisterType?) -> Ignored) {
        resolve(withAction: { object in _ = action(object) })
    }
}
