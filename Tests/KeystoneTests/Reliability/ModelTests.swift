import Testing

@testable import Keystone

// The model-based test. Random sequences of operations (register with a random
// scope, name, argument types and dependency, sometimes bound to a protocol with `bind` or
// given a `then` hook; resolve through each flavour; reset; dispose; child containers) run
// against the real container and against `Model`, a plain reference written from the
// documented behaviour. Every observable result must agree: which instance came back (by the
// build number each factory stamps on it, and the instances it was built from), the error
// kind, what the hooks saw, and the order of disposals.
//
// A failing sequence is shrunk (operations are dropped while the failure persists) and
// printed with its seed. Replay it with
//     KEYSTONE_MODEL_SEED=<seed> KEYSTONE_MODEL_RUNS=1 swift test --disable-xctest --filter Model
// and run longer with a larger KEYSTONE_MODEL_RUNS.

// MARK: - The vocabulary of a sequence

/// The services a sequence registers: two classes (disposable) and a value type; and
/// `any ModelBound`, which registrations are bound to with `bind` (never registered directly).
enum ModelService: Int, CaseIterable, CustomStringConvertible {
    case first, second, value, bound
    var description: String { ["First", "Second", "Value", "Bound"][rawValue] }
    var isClass: Bool { self != .value }
}

/// The argument lists a registration can take.
enum ModelShape: Int, CaseIterable, CustomStringConvertible {
    case none, int, stringInt
    var description: String { ["()", "(Int)", "(String, Int)"][rawValue] }

    func arguments(number: Int, text: String) -> String {
        switch self {
        case .none: ""
        case .int: "\(number)"
        case .stringInt: "\(text),\(number)"
        }
    }
}

let modelScopes: [Scope] = [.transient, .graph, .weak, .singleton, .cached("x"), .cached("y")]
let modelNames: [Name?] = [nil, "a", "b"]

struct ModelKey: Hashable, CustomStringConvertible {
    let service: ModelService
    let name: Int  // index in `modelNames`
    let shape: ModelShape

    var description: String {
        "\(service)\(modelNames[name].map { "(\($0))" } ?? "")\(shape == .none ? "" : shape.description)"
    }
}

struct ModelSpec: CustomStringConvertible {
    let key: ModelKey
    let scope: Scope
    let dependency: ModelKey?
    let twice: Bool
    let throwing: Bool
    /// Whether the registration is also bound to `any ModelBound` (same name and arguments).
    var bound = false
    /// A `then` hook that resolves this key (its own key completes a circular reference).
    var hook: ModelKey?
    /// Whether that hook throws after resolving.
    var hookThrows = false

    var boundKey: ModelKey { ModelKey(service: .bound, name: key.name, shape: key.shape) }

    var description: String {
        var text = "\(key) \(scope)"
        if let dependency { text += " needs \(dependency)\(twice ? " twice" : "")" }
        if throwing { text += " throws" }
        if bound { text += " bound" }
        if let hook { text += " then resolves \(hook)\(hookThrows ? " and throws" : "")" }
        return text
    }
}

enum ModelFlavour: Int, CaseIterable {
    case tryResolve, optional, trapping
}

enum ModelOp: CustomStringConvertible {
    case register(container: Int, ModelSpec)
    case resolve(container: Int, ModelKey, number: Int, text: String, flavour: ModelFlavour, pin: Bool)
    case reset(container: Int, Scope)
    case dispose(container: Int)
    case child(of: Int)
    case unpin

    /// The operation with `tryResolve` for a resolve through a flavour that may trap.
    var withoutTraps: ModelOp {
        guard case .resolve(let c, let key, let n, let t, _, let pin) = self else { return self }
        return .resolve(container: c, key, number: n, text: t, flavour: .tryResolve, pin: pin)
    }

    var description: String {
        switch self {
        case .register(let c, let spec): "c\(c).register(\(spec))"
        case .resolve(let c, let key, let n, let t, let flavour, let pin):
            "c\(c).\(flavour)(\(key), \(key.shape.arguments(number: n, text: t)))\(pin ? " pin" : "")"
        case .reset(let c, let scope): "c\(c).reset(\(scope))"
        case .dispose(let c): "c\(c).dispose()"
        case .child(let parent): "child of c\(parent)"
        case .unpin: "unpin all"
        }
    }
}

/// What an instance shows of itself: its build number, its arguments and what it was built
/// from.
struct Observed: Equatable, Sendable, CustomStringConvertible {
    let id: Int
    let arguments: String
    let dependencies: [Observed]

    var description: String {
        "#\(id)(\(arguments))"
            + (dependencies.isEmpty ? "" : "[\(dependencies.map(\.description).joined(separator: " "))]")
    }
}

enum ModelOutcome: Equatable, CustomStringConvertible {
    case value(Observed)
    case absent
    case failure(ResolutionError.Kind, missingAtDepth: Int?)
    case none

    var description: String {
        switch self {
        case .value(let observed): "\(observed)"
        case .absent: "nil"
        case .failure(let kind, let depth): "\(kind)\(depth.map { " at depth \($0)" } ?? "")"
        case .none: "-"
        }
    }
}

/// The observable result of one operation.
struct ModelStep: Equatable, CustomStringConvertible {
    var outcome: ModelOutcome = .none
    var disposed: [Int] = []
    /// What the `then` hooks saw: "<instance> → <what the hook resolved>".
    var hooks: [String] = []
    var description: String { "\(outcome), disposed \(disposed), hooks \(hooks)" }
}

// MARK: - The reference model

/// The documented behaviour of a container family, written plainly.
final class Model {
    final class Registration {
        let spec: ModelSpec
        /// For a binding made by `bind`: the key of the registration it converts.
        let target: ModelKey?
        var held: Observed?
        var weak: Observed?
        init(spec: ModelSpec, target: ModelKey? = nil) {
            self.spec = spec
            self.target = target
        }
    }

    final class Box {
        let parent: Int?
        var disposed = false
        var registrations: [ModelKey: Registration] = [:]
        /// Keys ever registered: their slots outlive `dispose()`.
        var slots: Set<ModelKey> = []
        /// Keys whose registration holds an instance, oldest first.
        var held: [ModelKey] = []
        init(parent: Int?) { self.parent = parent }
    }

    struct Failure: Error {
        let kind: ResolutionError.Kind
        let depth: Int?
    }

    struct Context {
        var path: [Registration] = []
        var instances: [ObjectIdentifier: Observed] = [:]
    }

    /// A deliberate mistake, to show that the comparison catches one (see `mutantsAreCaught`).
    enum Mutation: CaseIterable {
        case disposeOldestFirst, graphActsTransient, weakIgnoresPins, nestedResolvesStartAtRoot, hooksRunBeforeCaching
    }

    var containers = [Box(parent: nil)]
    var nextID = 0
    var pinned: Set<Int> = []
    /// The hook log of the operation being applied.
    var hooks: [String] = []
    let mutation: Mutation?

    init(mutation: Mutation? = nil) { self.mutation = mutation }

    func apply(_ op: ModelOp) -> ModelStep {
        var step = ModelStep()
        hooks = []
        switch op {
        case .register(let index, let spec):
            let box = containers[index % containers.count]
            guard !box.disposed else { return step }
            if let old = box.registrations[spec.key], let instance = old.held {
                if old.spec.key.service.isClass { step.disposed.append(instance.id) }
                box.held.removeAll { $0 == spec.key }
            }
            box.registrations[spec.key] = Registration(spec: spec)
            box.slots.insert(spec.key)
            if spec.bound {
                // A binding is a `.transient` registration of its own that resolves the target.
                let binding = ModelSpec(
                    key: spec.boundKey, scope: .transient, dependency: nil, twice: false, throwing: false)
                box.registrations[spec.boundKey] = Registration(spec: binding, target: spec.key)
                box.slots.insert(spec.boundKey)
            }
        case .resolve(let index, let key, let number, let text, let flavour, let pin):
            let outcome: ModelOutcome
            do {
                outcome = .value(try resolve(key, number: number, text: text, from: index % containers.count))
            } catch {
                outcome = .failure(error.kind, missingAtDepth: error.depth)
            }
            step.outcome = Self.shown(outcome, flavour: flavour)
            if pin, key.service.isClass, case .value(let observed) = outcome { pinned.insert(observed.id) }
        case .reset(let index, let scope):
            let box = containers[index % containers.count]
            if scope == .weak {
                for registration in box.registrations.values where registration.spec.scope == .weak {
                    registration.weak = nil
                }
            } else {
                var dropped: [Int] = []
                box.held.removeAll { key in
                    guard let registration = box.registrations[key], registration.spec.scope == scope else {
                        return false
                    }
                    if let instance = registration.held, key.service.isClass { dropped.append(instance.id) }
                    registration.held = nil
                    return true
                }
                step.disposed = mutation == .disposeOldestFirst ? dropped : dropped.reversed()
            }
        case .dispose(let index):
            let box = containers[index % containers.count]
            guard !box.disposed else { return step }
            box.disposed = true
            let dropped = box.held.compactMap { key in key.service.isClass ? box.registrations[key]?.held?.id : nil }
            step.disposed = dropped.reversed()
            box.held = []
            box.registrations = [:]
        case .child(let parent):
            containers.append(Box(parent: parent % containers.count))
        case .unpin:
            pinned = []
        }
        step.hooks = hooks
        return step
    }

    /// What the caller sees of `outcome` through `flavour` (see `ModelHarness.effective`).
    static func shown(_ outcome: ModelOutcome, flavour: ModelFlavour) -> ModelOutcome {
        if flavour == .optional, case .failure(_, let depth) = outcome, depth == 0 { return .absent }
        return outcome
    }

    private func resolve(_ key: ModelKey, number: Int, text: String, from index: Int) throws(Failure) -> Observed {
        guard !containers[index].disposed else { throw Failure(kind: .disposed, depth: 0) }
        var context = Context()
        return try resolve(key, number: number, text: text, from: index, in: &context)
    }

    private func resolve(
        _ key: ModelKey,
        number: Int,
        text: String,
        from start: Int,
        in context: inout Context
    ) throws(Failure) -> Observed {
        var current: Int? = start
        while let index = current {
            let box = containers[index]
            if box.slots.contains(key) {
                guard let registration = box.registrations[key] else {
                    throw Failure(kind: .disposed, depth: context.path.count)
                }
                return try resolve(registration, owner: index, number: number, text: text, in: &context)
            }
            current = box.parent
        }
        var sameName = false
        current = start
        while let index = current {
            let box = containers[index]
            sameName =
                sameName
                || box.registrations.keys.contains { $0.service == key.service && $0.name == key.name }
            current = box.parent
        }
        throw Failure(kind: sameName ? .argumentMismatch : .notRegistered, depth: context.path.count)
    }

    private func resolve(
        _ registration: Registration,
        owner: Int,
        number: Int,
        text: String,
        in context: inout Context
    ) throws(Failure) -> Observed {
        if let made = context.instances[ObjectIdentifier(registration)] { return made }
        if context.path.contains(where: { $0 === registration }) { throw Failure(kind: .cycle, depth: nil) }
        let spec = registration.spec
        switch spec.scope {
        case .transient, .graph:
            return try make(registration, owner: owner, number: number, text: text, in: &context)
        case .weak:
            if let weak = registration.weak, pinned.contains(weak.id) || mutation == .weakIgnoresPins { return weak }
        default:
            if let held = registration.held { return held }
        }
        let made = try make(registration, owner: owner, number: number, text: text, in: &context)
        let box = containers[owner]
        if spec.scope == .weak {
            guard spec.key.service.isClass else { throw Failure(kind: .weakValueType, depth: nil) }
            if !box.disposed && box.registrations[spec.key] === registration { registration.weak = made }
        } else if !box.disposed && box.registrations[spec.key] === registration {
            registration.held = made
            box.held.append(spec.key)
        }
        return made
    }

    private func make(
        _ registration: Registration,
        owner: Int,
        number: Int,
        text: String,
        in context: inout Context
    ) throws(Failure) -> Observed {
        let spec = registration.spec
        context.path.append(registration)
        defer { context.path.removeLast() }
        if let target = registration.target {
            let instance = try resolve(target, number: number, text: text, from: owner, in: &context)
            guard target.service.isClass else { throw Failure(kind: .conversionFailed, depth: nil) }
            return instance
        }
        if spec.throwing { throw Failure(kind: .factoryFailed, depth: nil) }
        nextID += 1
        let id = nextID
        var dependencies: [Observed] = []
        if let dependency = spec.dependency {
            for _ in 0..<(spec.twice ? 2 : 1) {
                dependencies.append(
                    try resolve(
                        dependency,
                        number: ModelHarness.dependencyNumber,
                        text: "d",
                        from: mutation == .nestedResolvesStartAtRoot ? 0 : owner,
                        in: &context
                    )
                )
            }
        }
        let made = Observed(
            id: id, arguments: spec.key.shape.arguments(number: number, text: text), dependencies: dependencies)
        let caches = spec.scope != .transient && !(spec.scope == .graph && mutation == .graphActsTransient)
        if caches && mutation != .hooksRunBeforeCaching {
            context.instances[ObjectIdentifier(registration)] = made
        }
        if let hook = spec.hook {
            do throws(Failure) {
                let seen = try resolve(
                    hook, number: ModelHarness.dependencyNumber, text: "d", from: owner, in: &context)
                hooks.append("#\(id) → \(seen)")
                if spec.hookThrows { throw Failure(kind: .factoryFailed, depth: nil) }
            } catch {
                context.instances[ObjectIdentifier(registration)] = nil
                throw error
            }
        }
        if caches && mutation == .hooksRunBeforeCaching {
            context.instances[ObjectIdentifier(registration)] = made
        }
        return made
    }
}

// MARK: - The real container, driven the same way

protocol ModelObservable {
    var observed: Observed { get }
}

/// Build numbers and the disposal log of one run.
final class ModelWorld: Sendable {
    private let ids = Counter()
    let disposals = ResultBox<Int>()
    let hooks = EventLog()
    func nextID() -> Int { ids.increment() }
}

/// What `bind` makes the class services resolvable as.
protocol ModelBound: AnyObject {
    var observed: Observed { get }
}

final class ModelFirst: ModelObservable, ModelBound, Disposable, Sendable {
    let observed: Observed
    let world: ModelWorld
    init(_ observed: Observed, _ world: ModelWorld) {
        self.observed = observed
        self.world = world
    }
    func dispose() { world.disposals.append(observed.id) }
}

final class ModelSecond: ModelObservable, ModelBound, Disposable, Sendable {
    let observed: Observed
    let world: ModelWorld
    init(_ observed: Observed, _ world: ModelWorld) {
        self.observed = observed
        self.world = world
    }
    func dispose() { world.disposals.append(observed.id) }
}

struct ModelValue: ModelObservable {
    let observed: Observed
}

struct ModelBoom: Error {}

/// Runs operations on real containers and reports what it observed.
final class ModelHarness {
    static let dependencyNumber = 7

    let world = ModelWorld()
    var containers = [Container()]
    var pinned: [AnyObject] = []
    private var disposalsSeen = 0
    private var hooksSeen = 0

    func apply(_ op: ModelOp, predicted: ModelStep) -> ModelStep {
        var step = ModelStep()
        switch op {
        case .register(let index, let spec):
            let container = containers[index % containers.count]
            guard !container.isDisposed else { break }  // registering would trap: a misuse tested elsewhere
            register(spec, in: container)
        case .resolve(let index, let key, let number, let text, let flavour, let pin):
            let container = containers[index % containers.count]
            let (outcome, object) = resolve(
                key,
                in: container,
                number: number,
                text: text,
                flavour: Self.effective(flavour, predicted: predicted.outcome)
            )
            step.outcome = outcome
            if pin, let object { pinned.append(object) }
        case .reset(let index, let scope):
            containers[index % containers.count].reset(scope)
        case .dispose(let index):
            containers[index % containers.count].dispose()
        case .child(let parent):
            containers.append(Container(parent: containers[parent % containers.count]))
        case .unpin:
            pinned = []
        }
        let all = world.disposals.all.compactMap { $0 }
        step.disposed = Array(all[disposalsSeen...])
        disposalsSeen = all.count
        let hooks = world.hooks.all
        step.hooks = Array(hooks[hooksSeen...])
        hooksSeen = hooks.count
        return step
    }

    /// The flavour to call: the trapping ones only where the model says they will not trap
    /// (a trap would end the test process; if the model is wrong, the outcome differs anyway).
    static func effective(_ flavour: ModelFlavour, predicted: ModelOutcome) -> ModelFlavour {
        switch (flavour, predicted) {
        case (.trapping, .value): .trapping
        case (.optional, .value), (.optional, .absent): .optional
        default: .tryResolve
        }
    }

    private func register(_ spec: ModelSpec, in container: Container) {
        let world = world
        let build: @Sendable (Resolver, String) throws -> Observed = { resolver, arguments in
            if spec.throwing { throw ModelBoom() }
            let id = world.nextID()
            var dependencies: [Observed] = []
            if let dependency = spec.dependency {
                for _ in 0..<(spec.twice ? 2 : 1) {
                    dependencies.append(try Self.resolveDependency(dependency, with: resolver))
                }
            }
            return Observed(id: id, arguments: arguments, dependencies: dependencies)
        }
        switch spec.key.service {
        case .first: register(spec, in: container, build: build, wrap: { ModelFirst($0, world) }, observe: \.observed)
        case .second: register(spec, in: container, build: build, wrap: { ModelSecond($0, world) }, observe: \.observed)
        case .value:
            register(spec, in: container, build: build, wrap: { ModelValue(observed: $0) }, observe: \.observed)
        case .bound: preconditionFailure("bound keys are made by bind, not registered")
        }
    }

    private func register<Service>(
        _ spec: ModelSpec,
        in container: Container,
        build: @escaping @Sendable (Resolver, String) throws -> Observed,
        wrap: @escaping @Sendable (Observed) -> Service,
        observe: @escaping @Sendable (Service) -> Observed
    ) {
        let name = modelNames[spec.key.name]
        let registration: Registration<Service>
        switch spec.key.shape {
        case .none:
            registration = container.register(Service.self, name: name, scope: spec.scope) { r in
                try wrap(build(r, ""))
            }
        case .int:
            registration = container.register(Service.self, name: name, scope: spec.scope) { (r, n: Int) in
                try wrap(build(r, "\(n)"))
            }
        case .stringInt:
            registration = container.register(Service.self, name: name, scope: spec.scope) { (r, t: String, n: Int) in
                try wrap(build(r, "\(t),\(n)"))
            }
        }
        if let hook = spec.hook {
            let world = world
            registration.then { r, service in
                let seen = try Self.resolveDependency(hook, with: r)
                world.hooks.append("#\(observe(service).id) → \(seen)")
                if spec.hookThrows { throw ModelBoom() }
            }
        }
        if spec.bound { registration.bind((any ModelBound).self) }
    }

    private static func resolveDependency(_ key: ModelKey, with resolver: Resolver) throws -> Observed {
        switch key.service {
        case .first: try resolveDependency(ModelFirst.self, key, with: resolver).observed
        case .second: try resolveDependency(ModelSecond.self, key, with: resolver).observed
        case .value: try resolveDependency(ModelValue.self, key, with: resolver).observed
        case .bound: try resolveDependency((any ModelBound).self, key, with: resolver).observed
        }
    }

    private static func resolveDependency<Service>(
        _ type: Service.Type,
        _ key: ModelKey,
        with r: Resolver
    ) throws(ResolutionError) -> Service {
        let name = modelNames[key.name]
        switch key.shape {
        case .none: return try r.resolve(Service.self, name: name)
        case .int: return try r.resolve(Service.self, name: name, arguments: dependencyNumber)
        case .stringInt: return try r.resolve(Service.self, name: name, arguments: "d", dependencyNumber)
        }
    }

    private func resolve(
        _ key: ModelKey,
        in container: Container,
        number: Int,
        text: String,
        flavour: ModelFlavour
    ) -> (ModelOutcome, AnyObject?) {
        switch key.service {
        case .first: resolve(ModelFirst.self, key, in: container, number: number, text: text, flavour: flavour)
        case .second: resolve(ModelSecond.self, key, in: container, number: number, text: text, flavour: flavour)
        case .value: resolve(ModelValue.self, key, in: container, number: number, text: text, flavour: flavour)
        case .bound:
            resolve((any ModelBound).self, key, in: container, number: number, text: text, flavour: flavour)
        }
    }

    private func resolve<Service: ModelObservable>(
        _ type: Service.Type,
        _ key: ModelKey,
        in container: Container,
        number: Int,
        text: String,
        flavour: ModelFlavour
    ) -> (ModelOutcome, AnyObject?) {
        resolve(Service.self, key, in: container, number: number, text: text, flavour: flavour) { $0.observed }
    }

    private func resolve(
        _ type: (any ModelBound).Type,
        _ key: ModelKey,
        in container: Container,
        number: Int,
        text: String,
        flavour: ModelFlavour
    ) -> (ModelOutcome, AnyObject?) {
        resolve(type, key, in: container, number: number, text: text, flavour: flavour) { $0.observed }
    }

    private func resolve<Service>(
        _ type: Service.Type,
        _ key: ModelKey,
        in container: Container,
        number: Int,
        text: String,
        flavour: ModelFlavour,
        observe: (Service) -> Observed
    ) -> (ModelOutcome, AnyObject?) {
        let name = modelNames[key.name]
        let found: Service?
        do throws(ResolutionError) {
            switch (key.shape, flavour) {
            case (.none, .tryResolve): found = try container.tryResolve(Service.self, name: name)
            case (.none, .optional): found = container.resolveOptional(Service.self, name: name)
            case (.none, .trapping): found = container.resolve(Service.self, name: name)
            case (.int, .tryResolve): found = try container.tryResolve(Service.self, name: name, arguments: number)
            case (.int, .optional): found = container.resolveOptional(Service.self, name: name, arguments: number)
            case (.int, .trapping): found = container.resolve(Service.self, name: name, arguments: number)
            case (.stringInt, .tryResolve):
                found = try container.tryResolve(Service.self, name: name, arguments: text, number)
            case (.stringInt, .optional):
                found = container.resolveOptional(Service.self, name: name, arguments: text, number)
            case (.stringInt, .trapping): found = container.resolve(Service.self, name: name, arguments: text, number)
            }
        } catch {
            return (.failure(error.kind, missingAtDepth: error.missingAtDepth), nil)
        }
        guard let found else { return (.absent, nil) }
        return (.value(observe(found)), Swift.type(of: found as Any) is AnyClass ? found as AnyObject : nil)
    }
}

// MARK: - Generating, running, shrinking

enum ModelSequences {
    static let defaultSeed: UInt64 = 0x4B45_5953_544F_4E45
    static let defaultRuns = 500

    /// The seed of sequence `index` of a run started from `base`; sequence 0 has seed `base`,
    /// so that a printed seed replays with KEYSTONE_MODEL_RUNS=1. Consecutive seeds give
    /// unrelated streams (SplitMix64 hashes its state); seeds that differ by a multiple of
    /// its increment would give the same stream shifted by one draw.
    static func seed(base: UInt64, index: Int) -> UInt64 {
        base &+ UInt64(index)
    }

    /// Scopes weighted towards those that hold instances, so that resets and disposals have
    /// something to do.
    static let registerScopes: [Scope] =
        modelScopes + [.singleton, .singleton, .cached("x"), .cached("x"), .cached("y")]
    static let resetScopes: [Scope] = modelScopes + [.singleton, .cached("x"), .cached("x"), .cached("y")]

    static func generate(seed: UInt64) -> [ModelOp] {
        var random = SplitMix64(seed: seed)
        var containers = 1
        var registered: [ModelKey] = []
        func anyKey() -> ModelKey {
            ModelKey(
                service: random.pick([.first, .first, .second, .second, .value]),
                name: random.pick([0, 0, 0, 1, 2]),
                shape: random.pick([.none, .none, .none, .int, .stringInt])
            )
        }
        var ops: [ModelOp] = []
        for _ in 0..<(30 + random.below(50)) {
            let container = random.below(containers)
            switch random.below(100) {
            case 0..<30:
                let key = anyKey()
                registered.append(key)
                let dependency =
                    random.chance(40)
                    ? (random.chance(60) && !registered.isEmpty ? random.pick(registered) : anyKey()) : nil
                var spec = ModelSpec(
                    key: key,
                    scope: key.service == .value && random.chance(25) ? .weak : random.pick(registerScopes),
                    dependency: dependency.map {
                        random.chance(15) ? ModelKey(service: .bound, name: $0.name, shape: $0.shape) : $0
                    },
                    twice: random.chance(50),
                    throwing: random.chance(6)
                )
                spec.bound = random.chance(25)
                if random.chance(20) {
                    spec.hook = random.chance(50) ? key : (random.chance(60) ? random.pick(registered) : anyKey())
                    spec.hookThrows = random.chance(15)
                }
                if spec.bound { registered.append(spec.boundKey) }
                ops.append(.register(container: container, spec))
            case 30..<78:
                let key = random.chance(85) && !registered.isEmpty ? random.pick(registered) : anyKey()
                ops.append(
                    .resolve(
                        container: container,
                        key,
                        number: random.below(10),
                        text: random.pick(["p", "q"]),
                        flavour: random.pick(ModelFlavour.allCases),
                        pin: random.chance(30)
                    )
                )
            case 78..<89:
                ops.append(.reset(container: container, random.pick(resetScopes)))
            case 89..<91:
                ops.append(.dispose(container: container))
            case 91..<96:
                if containers < 4 {
                    containers += 1
                    ops.append(.child(of: container))
                }
            default:
                ops.append(.unpin)
            }
        }
        return ops
    }

    struct Mismatch: CustomStringConvertible {
        let step: Int
        let expected: ModelStep
        let actual: ModelStep
        var description: String { "step \(step): the model says \(expected); the container gave \(actual)" }
    }

    /// Runs `ops` on a fresh model and fresh containers; the first disagreement, if any.
    static func check(_ ops: [ModelOp], mutation: Model.Mutation? = nil) -> Mismatch? {
        let model = Model(mutation: mutation)
        let harness = ModelHarness()
        // A mutant's predictions are wrong on purpose: never let them choose a trapping flavour.
        let ops = mutation == nil ? ops : ops.map(\.withoutTraps)
        for (index, op) in ops.enumerated() {
            let expected = model.apply(op)
            let actual = harness.apply(op, predicted: expected)
            if expected != actual { return Mismatch(step: index, expected: expected, actual: actual) }
        }
        return nil
    }

    /// Drops operations (halves, then quarters, … then single ones) while `fails` still
    /// holds; the result fails and no single operation can be dropped from it.
    static func shrink<Op>(_ ops: [Op], while fails: ([Op]) -> Bool) -> [Op] {
        var current = ops
        var chunk = max(current.count / 2, 1)
        while true {
            var start = 0
            var dropped = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                if fails(candidate) {
                    current = candidate
                    dropped = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 && !dropped { return current }
            chunk = max(chunk / 2, 1)
        }
    }
}

@Suite("Model")
struct ModelTests {
    @Test("Random sequences of operations: the container agrees with the reference model")
    func randomSequences() {
        let base = environmentSeed("KEYSTONE_MODEL_SEED", default: ModelSequences.defaultSeed)
        let runs = environmentCount("KEYSTONE_MODEL_RUNS", default: ModelSequences.defaultRuns)
        var operations = 0
        for index in 0..<runs {
            let seed = ModelSequences.seed(base: base, index: index)
            let ops = ModelSequences.generate(seed: seed)
            operations += ops.count
            guard ModelSequences.check(ops) != nil else { continue }
            let shrunk = ModelSequences.shrink(ops) { ModelSequences.check($0) != nil }
            let mismatch = ModelSequences.check(shrunk).map { "\($0)" } ?? "?"
            let listing = shrunk.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
            Issue.record(
                """
                The container disagrees with the model. Seed \(seed) (replay: KEYSTONE_MODEL_SEED=\(seed) \
                KEYSTONE_MODEL_RUNS=1). Shrunk from \(ops.count) to \(shrunk.count) operations:
                \(listing)
                \(mismatch)
                """
            )
            return
        }
        #expect(operations > runs * 20)
    }

    @Test("The comparison catches a model that is wrong in one detail", arguments: Model.Mutation.allCases)
    func mutantsAreCaught(mutation: Model.Mutation) {
        let caught = (0..<ModelSequences.defaultRuns).contains { index in
            let ops = ModelSequences.generate(seed: ModelSequences.seed(base: ModelSequences.defaultSeed, index: index))
            return ModelSequences.check(ops, mutation: mutation) != nil
        }
        #expect(caught)
    }

    @Test("Shrinking keeps a failure and drops every operation it does not need")
    func shrinking() {
        let ops = Array(0..<40)
        let shrunk = ModelSequences.shrink(ops) { $0.contains(7) && $0.contains(31) }
        #expect(shrunk == [7, 31])
    }

    @Test("The model is not vacuous: sequences produce instances, errors of each kind and disposals")
    func coverage() {
        var kinds: Set<String> = []
        var values = 0
        var disposals = 0
        var severalDisposedAtOnce = 0
        var hooks = 0
        for index in 0..<100 {
            let model = Model()
            for op in ModelSequences.generate(seed: ModelSequences.seed(base: ModelSequences.defaultSeed, index: index))
            {
                let step = model.apply(op)
                disposals += step.disposed.count
                if step.disposed.count > 1 { severalDisposedAtOnce += 1 }
                hooks += step.hooks.count
                switch step.outcome {
                case .value: values += 1
                case .failure(let kind, _): kinds.insert(kind.description)
                default: break
                }
            }
        }
        #expect(values > 600)
        #expect(disposals > 100)
        #expect(severalDisposedAtOnce > 10, "\(severalDisposedAtOnce)")
        #expect(hooks > 50, "\(hooks)")
        #expect(
            kinds.isSuperset(of: [
                "not registered", "argument mismatch", "cycle", "disposed", "factory failed", "weak value type",
                "conversion failed",
            ]),
            "kinds seen: \(kinds.sorted())"
        )
    }
}
