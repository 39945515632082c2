import KeystoneRules

/// The construction of ``ResolutionError`` values. Everything here runs only once something
/// has failed, so the resolve path never formats a string.
enum Failure {
    /// How a requested key is shown in messages: `APIClient (name: "mock", arguments: (Int))`.
    static func describe(service: Any.Type, name: Name?, arguments: Any.Type) -> String {
        ProblemText.requested(
            service: typeName(service), name: name?.description,
            arguments: arguments == Void.self ? nil : argumentList(arguments))
    }

    /// A type's name without its module prefix.
    static func typeName(_ type: Any.Type) -> String {
        String(describing: type)
    }

    /// The argument tuple as a parenthesised list: `(Game, Int)`, `(String)`.
    static func argumentList(_ type: Any.Type) -> String {
        let text = typeName(type)
        return text.hasPrefix("(") ? text : "(\(text))"
    }

    /// One path step: the type, and its name if any.
    static func step(_ entry: AnyEntry) -> String {
        step(service: entry.serviceType, name: entry.name)
    }

    /// One path step: `Logger` or `Logger("audit")`.
    static func step(service: Any.Type, name: Name?) -> String {
        ProblemText.step(service: typeName(service), name: name?.description)
    }

    /// A registration as the `register` call that made it, for near-miss lists.
    static func registration(_ entry: AnyEntry) -> String {
        ProblemText.nearMiss(
            service: typeName(entry.serviceType), name: entry.name?.description,
            arguments: entry.argumentTypes == Void.self ? nil : argumentList(entry.argumentTypes),
            scope: entry.scope.description, at: entry.location.description)
    }

    static func make(
        _ kind: ResolutionError.Kind,
        service: Any.Type,
        name: Name?,
        arguments: Any.Type,
        path: [String],
        nearMisses: [AnyEntry] = [],
        registeredAt: SourceLocation? = nil,
        underlying: (any Error)? = nil,
        summary: String,
        advice: String
    ) -> ResolutionError {
        ResolutionError(
            ResolutionError.Details(
                kind: kind,
                service: typeName(service),
                name: name?.rawValue,
                argumentTypes: arguments == Void.self ? nil : argumentList(arguments),
                path: path,
                nearMisses: nearMisses.map(registration),
                registeredAt: registeredAt?.description,
                underlying: underlying,
                summary: summary,
                advice: advice
            )
        )
    }

    static func missing(
        service: Any.Type,
        name: Name?,
        arguments: Any.Type,
        path: [String],
        candidates: [AnyEntry],
        lazily: Bool = false
    ) -> ResolutionError {
        let requested = describe(service: service, name: name, arguments: arguments)
        // [modules] A candidate with these very argument types was registered after the
        // lookup missed (a `load` racing with this resolve, after an `unload`): the request
        // still found nothing, so it is "not registered", not an argument mismatch.
        let sameName = candidates.filter {
            $0.name == name && ObjectIdentifier($0.argumentTypes) != ObjectIdentifier(arguments)
        }
        var pathText = ProblemText.whileResolving(Array(path.dropLast()))
        if lazily { pathText += ", which resolves it later (a lazy resolver or a lazy property wrapper)" }
        if !sameName.isEmpty {
            return make(
                .argumentMismatch,
                service: service,
                name: name,
                arguments: arguments,
                path: path,
                nearMisses: candidates,
                summary: ProblemText.argumentMismatchSummary(requested, whileResolving: pathText),
                advice: ProblemText.argumentMismatchAdvice(arguments: argumentList(arguments))
            )
        }
        return make(
            .notRegistered,
            service: service,
            name: name,
            arguments: arguments,
            path: path,
            nearMisses: candidates,
            summary: ProblemText.missingSummary(requested, whileResolving: pathText),
            advice: ProblemText.missingAdvice(
                service: typeName(service), name: name?.description, hasNearMisses: !candidates.isEmpty)
        )
    }

    static func cycle(_ entry: AnyEntry, path: [String], acrossThreads: Bool) -> ResolutionError {
        let cyclePath = path + [step(entry)]
        let how =
            acrossThreads
            ? " The instance is being built by a resolution that is waiting for this one (a resolver used on another thread, or two threads building each other's dependencies)."
            : ""
        return make(
            .cycle,
            service: entry.serviceType,
            name: entry.name,
            arguments: entry.argumentTypes,
            path: cyclePath,
            registeredAt: entry.location,
            summary: ProblemText.cycleSummary(cyclePath) + how,
            advice: ProblemText.cycleAdvice
        )
    }

    /// The trap message of a duplicate registration in a container that rejects them.
    static func duplicate(_ first: AnyEntry, replacedBy second: AnyEntry) -> String {
        let what = describe(service: first.serviceType, name: first.name, arguments: first.argumentTypes)
        return "Keystone: \(what) is registered twice in a container made with `duplicates: .reject`: "
            + "first at \(first.location), again at \(second.location). To fix, remove one of them, register "
            + "one under another name, or override in a child container."
    }

    /// A synchronous resolve reached a registration with an async factory.
    static func asyncOnly(_ entry: AnyEntry, path: [String]) -> ResolutionError {
        // An awaited resolve cannot build it either: say what can.
        if entry.isRequestScoped {
            return refusedSynchronously(
                .asyncOnly, entry, path: path, because: asyncInRequestReason, advice: asyncInRequestAdvice)
        }
        // A contribution's own key names no type: its collection is what was resolved.
        let isContribution = entry.slot.key.service != ObjectIdentifier(entry.serviceType)
        return refusedSynchronously(
            .asyncOnly,
            entry,
            path: path,
            because: "has an async factory, so it cannot be resolved synchronously",
            advice: isContribution
                ? "resolve its collection with `try await container.resolveAllAsync(…)`, or from an async factory's `AsyncResolver` (`resolveAll`); a synchronous factory cannot depend on it."
                : "resolve it with `try await container.resolveAsync(…)`, or from an async factory's `AsyncResolver`; a synchronous factory cannot depend on it."
        )
    }

    /// A synchronous resolve off the main actor reached a main-actor registration.
    static func mainActorOnly(_ entry: AnyEntry, path: [String]) -> ResolutionError {
        refusedSynchronously(
            .mainActorOnly,
            entry,
            path: path,
            because:
                "is registered with `registerMainActor`, so it is resolved synchronously only on the main actor, and this resolve ran elsewhere",
            advice:
                "resolve it from main-actor code, or with `try await container.resolveAsync(…)`, which runs the resolve on the main actor."
        )
    }

    /// A `.request` registration resolved outside a request scope.
    static func noRequestScope(_ entry: AnyEntry, path: [String]) -> ResolutionError {
        refusedSynchronously(
            .noRequestScope,
            entry,
            path: path,
            because:
                "is registered with the `.request` scope, so it is made only in a request scope, and this resolve ran outside one",
            advice:
                "resolve it from a `RequestScope` (`container.beginRequest(providing: …)` or `container.withRequest(providing: …)`), or give it a scope that lives without one. A singleton that needs it keeps one request's instance for every request: resolve it per request instead."
        )
    }

    /// A `.request` registration with an async factory: request scopes build synchronously.
    static func asyncInRequest(_ entry: AnyEntry, path: [String]) -> ResolutionError {
        refusedSynchronously(
            .noRequestScope, entry, path: path, because: asyncInRequestReason, advice: asyncInRequestAdvice)
    }

    /// Why a `.request` registration with an async factory cannot be built, however resolved.
    private static let asyncInRequestReason =
        "is registered with the `.request` scope and an async factory, and a request scope builds only with synchronous factories"
    private static let asyncInRequestAdvice =
        "make its factory synchronous (open what it awaits beforehand, and hand it to the request as a request value: `container.beginRequest(providing: connection)`), or give it another scope."

    /// A request value that the request scope was not given.
    static func missingRequestValue(_ entry: AnyEntry, path: [String]) -> ResolutionError {
        refusedSynchronously(
            .missingRequestValue,
            entry,
            path: path,
            because: "is a request value, and this request scope was not given one",
            advice:
                "pass it when the request begins: `container.beginRequest(providing: value, …)`."
        )
    }

    /// A `.request` registration resolved in a request scope that has ended.
    static func requestEnded(_ entry: AnyEntry, path: [String]) -> ResolutionError {
        refusedSynchronously(
            .requestEnded,
            entry,
            path: path,
            because: "is request-scoped, and the request scope it was resolved in has ended",
            advice:
                "resolve request services while the request runs; a resolver or lazy resolver kept past `end()` cannot make them."
        )
    }

    /// A registration that a synchronous resolve may not build here, with the path to it.
    private static func refusedSynchronously(
        _ kind: ResolutionError.Kind,
        _ entry: AnyEntry,
        path: [String],
        because reason: String,
        advice: String
    ) -> ResolutionError {
        let steps = path + [step(entry)]
        let what = describe(service: entry.serviceType, name: entry.name, arguments: entry.argumentTypes)
        let pathText = steps.count > 1 ? " while resolving `\(steps.dropLast().joined(separator: " → "))`" : ""
        return make(
            kind,
            service: entry.serviceType,
            name: entry.name,
            arguments: entry.argumentTypes,
            path: steps,
            registeredAt: entry.location,
            summary: "\(what) \(reason)\(pathText).",
            advice: advice
        )
    }

    /// What a resolve reports when `entry`'s factory (or, `inHook`, one of its after-creation
    /// hooks) threw `error`, built at `path`: a resolve of its own that failed, as it is; a
    /// binding's failed conversion; anything else, as the factory's error. The one place both
    /// the synchronous and the async resolution turn a thrown error into what they report;
    /// `path` is made only for the last two.
    static func thrown(
        _ error: any Error,
        by entry: AnyEntry,
        path: @autoclosure () -> [String],
        inHook: Bool = false
    ) -> ResolutionError {
        switch error {
        case let error as ResolutionError:
            return error
        case let conversion as ConversionFailure:
            return conversionFailed(entry, conversion, path: path())
        default:
            return factoryThrew(entry, path: path(), underlying: error, inHook: inHook)
        }
    }

    /// A factory, or an after-creation hook, threw an error of its own.
    static func factoryThrew(
        _ entry: AnyEntry,
        path: [String],
        underlying: any Error,
        inHook: Bool
    ) -> ResolutionError {
        let what = describe(service: entry.serviceType, name: entry.name, arguments: entry.argumentTypes)
        let pathText = path.count > 1 ? " (resolution path: \(path.joined(separator: " → ")))" : ""
        return make(
            .factoryFailed,
            service: entry.serviceType,
            name: entry.name,
            arguments: entry.argumentTypes,
            path: path,
            registeredAt: entry.location,
            underlying: underlying,
            summary: "The \(inHook ? "after-creation hook" : "factory") of \(what) threw\(pathText).",
            advice: "see the underlying error; nothing was cached, so the next resolve tries again."
        )
    }

    /// A type bound with `bind` (`entry`) could not be converted from the registered instance.
    static func conversionFailed(_ entry: AnyEntry, _ conversion: ConversionFailure, path: [String])
        -> ResolutionError
    {
        let what = describe(service: entry.serviceType, name: entry.name, arguments: entry.argumentTypes)
        let pathText = path.count > 1 ? " (resolution path: \(path.joined(separator: " → ")))" : ""
        return make(
            .conversionFailed,
            service: entry.serviceType,
            name: entry.name,
            arguments: entry.argumentTypes,
            path: path,
            registeredAt: entry.location,
            underlying: conversion.underlying,
            summary:
                "Cannot convert `\(typeName(conversion.source))` to \(what), as the `bind` at \(entry.location) asks\(pathText).",
            advice: "make the registered type conform to the bound type, or give `bind` a converter that returns one."
        )
    }

    /// A `.weak` registration's factory returned a value of `valueType`, not an object.
    static func weakValueType(_ entry: AnyEntry, valueType: Any.Type, path: [String]) -> ResolutionError {
        make(
            .weakValueType,
            service: entry.serviceType,
            name: entry.name,
            arguments: entry.argumentTypes,
            path: path,
            registeredAt: entry.location,
            summary:
                "\(describe(service: entry.serviceType, name: entry.name, arguments: entry.argumentTypes)) is registered `.weak`, but its factory returned a value of type `\(typeName(valueType))`, which cannot be referenced weakly.",
            advice:
                "use `.transient` for a new value on every resolve, or `.graph`, `.singleton` or `.cached` to share one."
        )
    }

    /// A resolve from a container that was disposed.
    static func disposed(service: Any.Type, name: Name?, argumentTypes: Any.Type, path: [String]) -> ResolutionError {
        make(
            .disposed,
            service: service,
            name: name,
            arguments: argumentTypes,
            path: path,
            summary:
                "Cannot resolve \(describe(service: service, name: name, arguments: argumentTypes)): the container was disposed.",
            advice:
                "create a new container after `dispose()`, or use `reset(_:)` to drop instances and keep registrations."
        )
    }
}
