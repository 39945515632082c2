// Added to Swoin's sources by `peers.sh`: its public API declares a module's dependencies in a
// result builder of fixed arity, so a list of types handed to a helper reaches the module's own
// registration, which every `factory { }` in a builder calls, through this.
extension Module {
    /// A module with no dependencies yet.
    public static func empty() -> Module { Module() }

    /// Registers `factory` for `type`, as `factory { }` in a module's builder does.
    public func registerFactory<T>(_ type: T.Type, _ factory: @escaping () -> T) {
        register(type, cacheType: .factory, factory: factory)
    }
}
