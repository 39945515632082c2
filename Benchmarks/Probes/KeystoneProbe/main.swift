// A plain executable for deterministic instruction counts: it resolves one scenario in a loop
// and exits, so that `valgrind --tool=callgrind` can count what one operation costs (the
// benchmark executable ends in dispatchMain, which valgrind 3.19 cannot run).
// `instructions.sh` runs it for N and for 0 iterations and prints the difference per operation.
//
//   .build/release/KeystoneProbe SCENARIO ITERATIONS
import Dispatch
import Keystone

final class Store: Sendable {}
/// What `Store` is also resolved as, through `bind`.
protocol StoreProtocol: Sendable {}
protocol WidgetProtocol: Sendable {}
extension Store: StoreProtocol {}
final class Widget: Sendable, WidgetProtocol {}
/// What `default-scope` resolves: a service registered without a scope (the default, `.graph`),
/// the shape most registrations have, resolved at the top with no dependencies.
final class Gadget: Sendable {}
/// What `async-transient` resolves: a transient whose factory is async.
final class AsyncWidget: Sendable {}
/// What `async-graph` resolves: an async registration in the default scope (`.graph`) whose
/// factory awaits an `AsyncFeed`, another, from its resolver.
final class AsyncReport: Sendable {
    let feed: AsyncFeed
    init(feed: AsyncFeed) { self.feed = feed }
}
final class AsyncFeed: Sendable {}
/// What `async-built-singleton` resolves: a singleton whose factory is async, already built.
final class AsyncDatabase: Sendable {}
protocol AsyncDatabaseProtocol: Sendable {}
extension AsyncDatabase: AsyncDatabaseProtocol {}

final class Consumer: Sendable {
    let store: Store
    init(store: Store) { self.store = store }
}

final class Leaf: Sendable {}
/// Registered `.weak`; the probe keeps one alive, so that every resolve finds it.
final class Session: Sendable {}

final class Left: Sendable {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
}

final class Right: Sendable {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
}

final class Root: Sendable {
    let left: Left
    let right: Right
    init(left: Left, right: Right) {
        self.left = left
        self.right = right
    }
}

final class RequestContext: Sendable {}
final class RequestRepository: Sendable {
    let store: Store
    let context: RequestContext
    init(store: Store, context: RequestContext) {
        self.store = store
        self.context = context
    }
}
final class RequestHandler: Sendable {
    let repository: RequestRepository
    let context: RequestContext
    init(repository: RequestRepository, context: RequestContext) {
        self.repository = repository
        self.context = context
    }
}

/// A request the way the docs recommend for a server: its services declared once on `app`
/// (see `requestApp`), `withRequest` per request, the handler's graph resolved in it, the scope
/// ended (and kept for the next request).
@inline(never)
func handleRequest(in app: Container) -> RequestHandler {
    app.withRequest { request in request.resolve(RequestHandler.self) }
}

/// The app container of `request`: the store, and the request's services declared once.
func makeRequestApp() -> Container {
    let app = Container()
    app.register(Store.self, scope: .singleton) { _ in Store() }
    app.register(RequestContext.self, scope: .request) { _ in RequestContext() }
    app.register(RequestRepository.self, scope: .transient) { r in
        try RequestRepository(store: r.resolve(), context: r.resolve())
    }
    app.register(RequestHandler.self, scope: .transient) { r in
        try RequestHandler(repository: r.resolve(), context: r.resolve())
    }
    return app
}

/// A request's container, the way before request scopes: a child of `app` with three
/// registrations, the handler's graph resolved, the child disposed.
@inline(never)
func handleRequestInAChild(of app: Container) -> RequestHandler {
    let child = Container(parent: app)
    child.register(RequestContext.self, scope: .singleton) { _ in RequestContext() }
    child.register(RequestRepository.self, scope: .transient) { r in
        try RequestRepository(store: r.resolve(), context: r.resolve())
    }
    child.register(RequestHandler.self, scope: .transient) { r in
        try RequestHandler(repository: r.resolve(), context: r.resolve())
    }
    let handler = child.resolve(RequestHandler.self)
    child.dispose()
    return handler
}

final class Configured: Sendable {
    let id: Int
    let label: String
    let isEnabled: Bool
    init(id: Int, label: String, isEnabled: Bool) {
        self.id = id
        self.label = label
        self.isEnabled = isEnabled
    }
}

final class Tagged: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

/// A main-actor service: what `main-actor-singleton` resolves, on the main thread.
@MainActor final class Screen {}

/// Registered nowhere: what `optional-miss` asks for.
final class Unregistered: Sendable {}

/// Where a caller keeps what it resolved, as an object keeps a service in a stored property.
final class Kept<Value> {
    var value: Value?
}

/// Resolves a shared `Service`, built already, `iterations` times with `resolveAsync`, in a
/// task, and waits for it: an awaited resolve from async code.
func resolveAsyncInATask<Service: Sendable>(_ container: Container, _ type: Service.Type, iterations: Int) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        // Built (the first time) before the loop.
        consume(try! await container.resolveAsync(Service.self))
        for _ in 0..<iterations { consume(try! await container.resolveAsync(Service.self)) }
        done.signal()
    }
    done.wait()
}

/// Resolves `AsyncWidget`, a transient with an async factory, `iterations` times with
/// `resolveAsync`, in a task; by hand (`hand`), awaits the same factory as a function.
func resolveAsyncTransientInATask(_ container: Container, iterations: Int, hand: Bool) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        if hand {
            for _ in 0..<iterations { consume(await Hand.asyncWidget()) }
        } else {
            for _ in 0..<iterations { consume(try! await container.resolveAsync(AsyncWidget.self)) }
        }
        done.signal()
    }
    done.wait()
}

/// Resolves `AsyncReport` (default scope, one async dependency in the default scope) `iterations` times with
/// `resolveAsync`, in a task; by hand (`hand`), awaits the same factories as functions.
func resolveAsyncGraphInATask(_ container: Container, iterations: Int, hand: Bool) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        if hand {
            for _ in 0..<iterations { consume(await Hand.asyncReport()) }
        } else {
            for _ in 0..<iterations { consume(try! await container.resolveAsync(AsyncReport.self)) }
        }
        done.signal()
    }
    done.wait()
}

/// Keeps the result alive until here, so that the resolve is not optimised away.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The hand-wired counterparts: what the same objects cost built by hand, each accessor a
/// call (as through a container), so that Keystone's own share of a resolve can be read off.
enum Hand {
    static let store = Store()
    /// The composition root of `hand-singleton-kept`: an instance, so that the read is a load.
    final class CompositionRoot: Sendable {
        let store = Store()
        @inline(never) func sharedStore() -> Store { store }
    }
    static let compositionRoot = CompositionRoot()
    @inline(never) static func widget() -> Widget { Widget() }
    @inline(never) static func widgets() -> [any WidgetProtocol] { [widget(), widget(), widget()] }
    @inline(never) static func asyncWidget() async -> AsyncWidget { AsyncWidget() }
    @inline(never) static func asyncFeed() async -> AsyncFeed { AsyncFeed() }
    @inline(never) static func asyncReport() async -> AsyncReport { AsyncReport(feed: await asyncFeed()) }
    @inline(never) static func consumer() -> Consumer { Consumer(store: store) }
    @inline(never) static func root() -> Root {
        let leaf = Leaf()
        return Root(left: Left(leaf: leaf), right: Right(leaf: leaf))
    }
    @inline(never) static func tagged(_ id: Int) -> Tagged { Tagged(id: id) }
    @inline(never) static func configured(_ id: Int, _ label: String, _ isEnabled: Bool) -> Configured {
        Configured(id: id, label: label, isEnabled: isEnabled)
    }
    @inline(never) static func request() -> RequestHandler {
        let context = RequestContext()
        return RequestHandler(repository: RequestRepository(store: store, context: context), context: context)
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let iterations = Int(arguments[2]) else {
    fatalError(
        "usage: KeystoneProbe [hand-]singleton-kept|singleton|bound-singleton|bound-transient|injected|lazy-injected|weak-lazy-injected|resolve-all|resolve-all-async|optional-miss|main-actor-singleton|weak|transient|default-scope|transient+singleton|graph4|graph4-module|named|optional-hit|arguments1|arguments3|request|request-child|async-singleton|async-built-singleton|async-bound-singleton|async-transient|async-graph|register1k|register1k-capturing|register1k-generic ITERATIONS"
    )
}
/// The container every resolve scenario uses. A function of its own, never inlined, so that
/// how much of `register` the optimiser inlines here cannot change what it inlines into the
/// loops below, which are what the probe measures.
@inline(never)
@MainActor
func makeContainer() -> Container {
    let container = Container()
    container.register(Store.self, scope: .singleton) { _ in Store() }.bind(StoreProtocol.self)
    container.register(Widget.self, scope: .transient) { _ in Widget() }.bind(WidgetProtocol.self)
    container.register(Widget.self, name: "primary", scope: .transient) { _ in Widget() }
    container.register(Gadget.self) { _ in Gadget() }
    container.register(AsyncWidget.self, scope: .transient) { (_: AsyncResolver) async in AsyncWidget() }
    container.register(AsyncFeed.self) { (_: AsyncResolver) async in AsyncFeed() }
    container.register(AsyncReport.self) { r in try await AsyncReport(feed: r.resolve()) }
    container.register(AsyncDatabase.self, scope: .singleton) { (_: AsyncResolver) async in AsyncDatabase() }
        .bind(AsyncDatabaseProtocol.self)
    container.register(Consumer.self, scope: .transient) { r in try Consumer(store: r.resolve()) }
    container.register(Leaf.self, scope: .graph) { _ in Leaf() }
    container.register(Left.self, scope: .transient) { r in try Left(leaf: r.resolve()) }
    container.register(Right.self, scope: .transient) { r in try Right(leaf: r.resolve()) }
    container.register(Root.self, scope: .transient) { r in try Root(left: r.resolve(), right: r.resolve()) }
    container.register(Tagged.self, scope: .transient) { (_, id: Int) in Tagged(id: id) }
    container.register(Configured.self, scope: .transient) { (_, id: Int, label: String, isEnabled: Bool) in
        Configured(id: id, label: label, isEnabled: isEnabled)
    }
    container.register(Session.self, scope: .weak) { _ in Session() }
    container.registerMainActor(scope: .singleton) { _ in Screen() }
    return container
}
let container = makeContainer()
/// The container of `graph4-module`: `graph4`'s services declared in a module, each
/// dependency a `get()`. A container of its own: loading a module gives a container the
/// state modules need, which the other scenarios' container should not carry.
let moduleContainer: Container = {
    let container = Container()
    try! container.load(
        Module {
            graph { Leaf() }
            transient { try Left(leaf: get()) }
            transient { try Right(leaf: get()) }
            transient { try Root(left: get(), right: get()) }
        })
    return container
}()
consume(moduleContainer.resolve(Root.self))
/// The owner of `injected`: its dependency injected with `@Injected` from `container`.
struct InjectedOwner {
    @Injected(container: container) var widget: Widget
}
/// The owner of `weak-lazy-injected`: a singleton it does not own, injected on first read and
/// held weakly.
final class WeakLazyOwner {
    @WeakLazyInjected(container: container) var store: Store?
}
/// The owner of `lazy-injected`: the same singleton, held strongly.
final class LazyOwner {
    @LazyInjected(container: container) var store: Store
}
/// The container of `resolve-all`: three contributions to a collection, in the default scope.
/// A container of its own, since contributions give a container the state that collections
/// need, which the other scenarios' container should not carry.
let collectionContainer: Container = {
    let container = Container()
    for _ in 0..<3 { container.contribute(WidgetProtocol.self) { _ in Widget() } }
    return container
}()
consume(collectionContainer.resolveAll(WidgetProtocol.self))
/// The container of `resolve-all-async`: one contribution with an async factory.
let asyncCollectionContainer: Container = {
    let container = Container()
    container.contribute(AsyncWidget.self, scope: .transient) { (_: AsyncResolver) async in AsyncWidget() }
    return container
}()
// Warm every path, so that one-time work (metadata, thread-local set-up) is not counted.
consume(container.resolve(Store.self))
consume(container.resolve(StoreProtocol.self))
consume(container.resolve(WidgetProtocol.self))
consume(container.resolve(Consumer.self))
consume(container.resolve(Root.self))
consume(container.resolve(Tagged.self, arguments: 1))
consume(container.resolve(Configured.self, arguments: 1, "label", true))
let session = container.resolve(Session.self)
consume(container.resolve(Screen.self))
let names = (0..<1_000).map { Name("service-\($0)") }

/// What `register1k-generic` registers: services a generic helper makes by their type alone.
protocol Buildable: AnyObject, Sendable { init() }
extension Widget: Buildable {}
extension Store: Buildable {}
/// The types `register1k-generic` registers, read at run time as an app reads a list of
/// services, so that the compiler cannot know them.
let buildables: [any Buildable.Type] = arguments.count > 3 ? [Store.self] : [Widget.self]

/// Registers `type` the way an app's generic helper does (a module system, a plug-in loader):
/// never specialised, so that `register` runs with its generic parameters unknown, as it does
/// when the helper lives in another module.
@_semantics("optimize.sil.specialize.generic.never")
@inline(never)
func registerBuildable<Service: Buildable>(_ type: Service.Type, name: Name, in container: Container) {
    container.register(type, name: name, scope: .transient) { _ in Service() }
}

switch arguments[1] {
case "singleton":
    for _ in 0..<iterations { consume(container.resolve(Store.self)) }
case "singleton-kept":
    let kept = Kept<Store>()
    for _ in 0..<iterations { kept.value = container.resolve(Store.self) }
    consume(kept)
case "hand-singleton-kept":
    let kept = Kept<Store>()
    let root = Hand.compositionRoot
    for _ in 0..<iterations { kept.value = root.sharedStore() }
    consume(kept)
case "main-actor-singleton":
    for _ in 0..<iterations { consume(container.resolve(Screen.self)) }
case "optional-miss":
    // A service nobody registered, asked for optionally: the answer is nil.
    for _ in 0..<iterations { consume(container.resolveOptional(Unregistered.self)) }
case "bound-singleton":
    for _ in 0..<iterations { consume(container.resolve(StoreProtocol.self)) }
case "weak":
    for _ in 0..<iterations { consume(container.resolve(Session.self)) }
    consume(session)
case "async-singleton":
    resolveAsyncInATask(container, Store.self, iterations: iterations)
case "async-built-singleton":
    resolveAsyncInATask(container, AsyncDatabase.self, iterations: iterations)
case "async-bound-singleton":
    resolveAsyncInATask(container, (any AsyncDatabaseProtocol).self, iterations: iterations)
case "async-transient":
    resolveAsyncTransientInATask(container, iterations: iterations, hand: false)
case "hand-async-transient":
    resolveAsyncTransientInATask(container, iterations: iterations, hand: true)
case "async-graph":
    resolveAsyncGraphInATask(container, iterations: iterations, hand: false)
case "hand-async-graph":
    resolveAsyncGraphInATask(container, iterations: iterations, hand: true)
case "default-scope":
    for _ in 0..<iterations { consume(container.resolve(Gadget.self)) }
case "transient":
    for _ in 0..<iterations { consume(container.resolve(Widget.self)) }
case "named":
    // A transient registered under a name, resolved with the name written as a literal.
    for _ in 0..<iterations { consume(container.resolve(Widget.self, name: "primary")) }
case "optional-hit":
    // `resolveOptional` of a registered transient.
    for _ in 0..<iterations { consume(container.resolveOptional(Widget.self)) }
case "graph4-module":
    for _ in 0..<iterations { consume(moduleContainer.resolve(Root.self)) }
case "weak-lazy-injected":
    // A `@WeakLazyInjected` property read again and again, after its first read.
    let owner = WeakLazyOwner()
    consume(owner.store)
    for _ in 0..<iterations { consume(owner.store) }
case "lazy-injected":
    // A `@LazyInjected` property read again and again, after its first read.
    let owner = LazyOwner()
    consume(owner.store)
    for _ in 0..<iterations { consume(owner.store) }
case "injected":
    // An object whose transient dependency is a property wrapper: made, and the property read.
    for _ in 0..<iterations { consume(InjectedOwner().widget) }
case "resolve-all-async":
    // `resolveAllAsync` of a collection of one async transient contribution, in a task.
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        for _ in 0..<iterations { consume(try! await asyncCollectionContainer.resolveAllAsync(AsyncWidget.self)) }
        done.signal()
    }
    done.wait()
case "resolve-all":
    for _ in 0..<iterations { consume(collectionContainer.resolveAll(WidgetProtocol.self)) }
case "hand-resolve-all":
    for _ in 0..<iterations { consume(Hand.widgets()) }
case "bound-transient":
    // A transient resolved through a protocol it is bound to with `bind(_:)`: built and cast on
    // every resolve.
    for _ in 0..<iterations { consume(container.resolve(WidgetProtocol.self)) }
case "transient+singleton":
    for _ in 0..<iterations { consume(container.resolve(Consumer.self)) }
case "graph4":
    for _ in 0..<iterations { consume(container.resolve(Root.self)) }
case "arguments1":
    for index in 0..<iterations { consume(container.resolve(Tagged.self, arguments: index)) }
case "child-transient+singleton":
    let child = Container(parent: container)
    child.register(Consumer.self, scope: .transient) { r in try Consumer(store: r.resolve()) }
    consume(child.resolve(Consumer.self))
    for _ in 0..<iterations { consume(child.resolve(Consumer.self)) }
case "child-singleton":
    let child = Container(parent: container)
    for _ in 0..<iterations { consume(child.resolve(Store.self)) }
case "request":
    let app = makeRequestApp()
    consume(handleRequest(in: app))
    for _ in 0..<iterations { consume(handleRequest(in: app)) }
case "request-child":
    consume(handleRequestInAChild(of: container))
    for _ in 0..<iterations { consume(handleRequestInAChild(of: container)) }
case "hand-request":
    for _ in 0..<iterations { consume(Hand.request()) }
case "hand-transient":
    for _ in 0..<iterations { consume(Hand.widget()) }
case "hand-transient+singleton":
    for _ in 0..<iterations { consume(Hand.consumer()) }
case "hand-graph4":
    for _ in 0..<iterations { consume(Hand.root()) }
case "arguments3":
    for index in 0..<iterations { consume(container.resolve(Configured.self, arguments: index, "label", true)) }
case "hand-arguments3":
    for index in 0..<iterations { consume(Hand.configured(index, "label", true)) }
case "hand-arguments1":
    for index in 0..<iterations { consume(Hand.tagged(index)) }
case "register1k":
    // One iteration: a new container, 1,000 registrations, and its release.
    for _ in 0..<iterations {
        let fresh = Container()
        for name in names { fresh.register(Widget.self, name: name, scope: .transient) { _ in Widget() } }
        consume(fresh)
    }
case "register1k-capturing":
    // The same with a factory that captures a value, as an app's often does (a setting, an
    // identifier): the factory has a context of its own.
    for _ in 0..<iterations {
        let fresh = Container()
        for (id, name) in names.enumerated() {
            fresh.register(Tagged.self, name: name, scope: .transient) { _ in Tagged(id: id) }
        }
        consume(fresh)
    }
case "register1k-generic":
    // The same through a generic helper that is not specialised.
    let type = buildables[0]
    for _ in 0..<iterations {
        let fresh = Container()
        for name in names { registerBuildable(type, name: name, in: fresh) }
        consume(fresh)
    }
default:
    fatalError("unknown scenario \(arguments[1])")
}
