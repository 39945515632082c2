import Keystone

/// Something listed in ``startSwoin(builder:)`` or ``Swoin/start(builder:)``: a ``Module``,
/// a list of them (``modules``), or a ``logger``.
public protocol SwoinParameter {
    /// Applies this parameter to the Swoin being started.
    func register(swoin: Swoin)
}

// swift-format-ignore: TypeNamesShouldBeCapitalized
// Lowercase, as in Swoin: it reads as a declaration function.
/// A list of modules, for ``startSwoin(builder:)``: `modules([appModule, thingModule])`.
public struct modules: SwoinParameter {
    let modules: [Module]

    /// Lists modules to load, in order.
    public init(_ modules: [Module]) {
        self.modules = modules
    }

    /// Loads the modules into `swoin`.
    public func register(swoin: Swoin) {
        swoin.load(modules)
    }
}

// swift-format-ignore: TypeNamesShouldBeCapitalized
// Lowercase, as in Swoin: it reads as a declaration function.
/// The logger, for ``startSwoin(builder:)``: `logger(Swoin.printLogger)`.
///
/// It receives a line for each module loaded, and each registration, build, reuse and
/// failure in the Swoin's Keystone container.
public struct logger: SwoinParameter {
    let logger: @Sendable (String) -> Void

    /// Names the logger.
    public init(_ logger: @escaping @Sendable (String) -> Void) {
        self.logger = logger
    }

    /// Sets the logger of `swoin`.
    public func register(swoin: Swoin) {
        swoin.logger = logger
    }
}

/// Builds a ``Swoin`` from the parameters listed in ``startSwoin(builder:)`` or
/// ``Swoin/start(builder:)``, applied in order.
@resultBuilder
public enum DIBuilder {
    /// The Swoin with the parameters applied: over `Container.shared` when
    /// ``startSwoin(builder:)`` builds it, else over a container of its own.
    public static func buildBlock(_ parameters: SwoinParameter...) -> Swoin {
        let swoin: Swoin
        if let container = SwoinGlobal.starting {
            swoin = SwoinGlobal.state(for: container).view(over: container)
        } else {
            swoin = Swoin()
        }
        for parameter in parameters {
            parameter.register(swoin: swoin)
        }
        return swoin
    }
}
