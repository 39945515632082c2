import Keystone
import Testing

/// The code examples of the Swoin README (seeds/003), rewritten in Keystone's API, each
/// checking the outcome the README describes.
///
/// Swoin → Keystone: `Module { … }` stays; `single` → `singleton`, `factory` → `transient`,
/// `weak` stays (the functions are named after Keystone's scopes); `named:` → `name:`;
/// `get()` stays but throws, so a factory reads `try ThingFetcher(thing: get())`;
/// `startSwoin { modules; logger(…) }` → `try Container.start(logger: PrintLogger()) { modules }`
/// (the seed's example below keeps the logger out, so that this test process prints nothing); `@Inject` → `@LazyInjected`; `.bind` and `.then` stay (`.then`
/// takes the instance, and `get()` inside it resolves in the same resolution).
///
/// UIKit and RxSwift types (`UINavigationController`, `PublishSubject`, `Observable`,
/// `AnyObserver`) are replaced by small stand-ins with the same relationships, so that the
/// examples run on Linux.
///
/// `startSwoin` loads into the global instance; here `Container.start` loads into
/// `Container.shared` once for the whole suite (`started`), and the types are private to this
/// file, so tests running in parallel cannot see each other's registrations. The other tests
/// load the same modules into containers of their own.
@Suite("Swoin seed examples")
struct SwoinSeedTests {
    static let appModule = Module {
        singleton { CustomNavigationController() }
            .bind(UINavigationController.self)

        weak(name: "TestSubject") { PublishSubject<Void>() }
            .bind(Observable<Void>.self) { $0.asObservable() }
            .bind(AnyObserver<Void>.self) { $0.asObserver() }

        // Swoin's `get()` here resolves unnamed inputs; the README does not show their
        // registrations, so this rewrite wires the view model to the named subject.
        weak { try HomeViewModel(input: get(name: "TestSubject"), output: get(name: "TestSubject")) }
        weak { try HomeViewController(viewModel: get(), view: get()) }
        weak { HomeView() }

        transient { TipsViewController() }
    }

    static let thingModule = Module {
        transient { Thing() }

        singleton { try ThingFetcher(thing: get()) }
            .bind(IntFetcher.self)
            .bind(StringFetcher.self)
    }

    /// `startSwoin { appModule; thingModule; logger(Swoin.printLogger) }`, once per process.
    static let started: Bool = {
        do {
            try Container.start {
                appModule
                thingModule
            }
            return true
        } catch {
            return false
        }
    }()

    // MARK: - Getting started

    @Test func startLoadsTheModulesIntoTheSharedContainer() throws {
        #expect(Self.started)

        let fetcher: ThingFetcher = try get()

        #expect(fetcher === Container.shared.resolve(ThingFetcher.self))
    }

    @Test func injectFieldsLazily() throws {
        #expect(Self.started)
        let screen = InjectingScreen()
        #expect(screen.$navigationController.object == nil)

        let navigationController = screen.navigationController

        #expect(navigationController === Container.shared.resolve(CustomNavigationController.self))
    }

    @Test func getEagerlyAndPush() throws {
        #expect(Self.started)
        let rootViewController: UINavigationController = try get()

        let controller: TipsViewController = try get()
        rootViewController.pushViewController(controller, animated: true)

        #expect(rootViewController.viewControllers.last === controller)
    }

    @Test func namedDependencies() throws {
        #expect(Self.started)
        let screen = InjectingScreen()
        let testObservable = screen.testObservable  // resolves and holds the subject
        var received = 0
        testObservable.subscribe { received += 1 }

        let observer: PublishSubject<Void> = try get(name: "TestSubject")
        observer.onNext(())

        #expect(received == 1)  // the same subject, shared while held (`weak`)
    }

    // MARK: - The modules

    @Test func singleBoundToASuperclassIsOneInstance() throws {
        let container = Container()
        try container.load(Self.appModule, Self.thingModule)

        let custom: CustomNavigationController = container.resolve()
        let plain: UINavigationController = container.resolve()

        #expect(plain === custom)
        #expect(container.resolve(CustomNavigationController.self) === custom)
    }

    @Test func thingFetcherIsSingleAndBoundToBothFetcherProtocols() throws {
        let container = Container()
        try container.load(Self.thingModule)

        let fetcher: ThingFetcher = container.resolve()
        let intFetcher: IntFetcher = container.resolve()
        let stringFetcher: StringFetcher = container.resolve()

        #expect(intFetcher as? ThingFetcher === fetcher)
        #expect(stringFetcher as? ThingFetcher === fetcher)
        #expect(intFetcher.fetchInt() == 42)
        #expect(stringFetcher.fetchString() == "thing")
    }

    @Test func homeScreenIsWiredFromWeakDependencies() throws {
        let container = Container()
        try container.load(Self.appModule)

        let controller: HomeViewController = container.resolve()
        var received = 0
        controller.viewModel.input.subscribe { received += 1 }
        controller.viewModel.output.onNext(())

        #expect(received == 1)  // input and output are the same subject
        #expect(container.resolve(HomeViewController.self) === controller)  // weak: shared while held
    }

    // MARK: - Cache types

    @Test func singleLivesAsLongAsTheModuleStaysLoaded() throws {
        let container = Container()
        try container.load(Self.thingModule)
        let fetcher: ThingFetcher = container.resolve()
        #expect(container.resolve(ThingFetcher.self) === fetcher)

        container.unload(Self.thingModule)
        #expect(container.resolveOptional(ThingFetcher.self) == nil)
        try container.load(Self.thingModule)

        #expect(container.resolve(ThingFetcher.self) !== fetcher)
    }

    @Test func factoryIsRecreatedOnEveryResolve() throws {
        let container = Container()
        try container.load(Self.thingModule)

        #expect(container.resolve(Thing.self) !== container.resolve(Thing.self))
    }

    @Test func weakIsRecreatedOnceNoStrongReferenceIsLeft() throws {
        let container = Container()
        try container.load(Self.appModule)
        weak var first: HomeView?
        do {
            let view: HomeView = container.resolve()
            first = view
            #expect(container.resolve(HomeView.self) === view)  // shared while held
        }

        #expect(first == nil)  // the container held it weakly: it is gone
        let second: HomeView = container.resolve()  // so this is a new one
        #expect(container.resolve(HomeView.self) === second)
    }

    // MARK: - Binding additional types

    @Test func boundTypesShareTheNameAndTheCacheStrategy() throws {
        let container = Container()
        try container.load(Self.appModule)

        let subject: PublishSubject<Void> = container.resolve(name: "TestSubject")
        let observable: Observable<Void> = container.resolve(name: "TestSubject")
        let observer: AnyObserver<Void> = container.resolve(name: "TestSubject")

        #expect(observable.subject === subject)
        #expect(observer.subject === subject)
        #expect(container.resolveOptional(Observable<Void>.self) == nil)  // the name is shared too
    }

    @Test func bindWithoutAConverterCastsAndAFailedCastIsAnErrorNotACrash() throws {
        let container = Container()
        try container.load(
            Module {
                singleton { ThingFetcher(thing: Thing()) }
                    .bind(IntFetcher.self)  // conforms: fine
                    .bind(UINavigationController.self)  // does not: Swoin's `as!` would crash
            })

        #expect(container.resolve(IntFetcher.self).fetchInt() == 42)
        let error = #expect(throws: ResolutionError.self) { try container.tryResolve(UINavigationController.self) }
        #expect(error?.kind == .conversionFailed)
    }

    // MARK: - Running code after initialization

    @Test func thenCompletesACircularDependency() throws {
        let container = Container()
        try container.load(
            Module {
                singleton { try CircularDependencyOne(get()) }
                    .then {
                        $0.dependencyTwo.dependencyOne = $0
                    }

                singleton { CircularDependencyTwo() }
            })

        let one: CircularDependencyOne = container.resolve()

        #expect(one.dependencyTwo.dependencyOne === one)
        #expect(container.resolve(CircularDependencyTwo.self) === one.dependencyTwo)
        one.dependencyTwo.dependencyOne = nil  // the README's cycle is strong both ways; end it
    }
}

// MARK: - The README's types, with stand-ins for UIKit and RxSwift

extension SwoinSeedTests {
    class UIViewController {}

    class UINavigationController: UIViewController {
        private(set) var viewControllers: [UIViewController] = []

        func pushViewController(_ controller: UIViewController, animated: Bool) {
            viewControllers.append(controller)
        }
    }

    final class CustomNavigationController: UINavigationController {}

    final class TipsViewController: UIViewController {}

    final class PublishSubject<Element> {
        private var handlers: [(Element) -> Void] = []

        func subscribe(_ handler: @escaping (Element) -> Void) { handlers.append(handler) }
        func onNext(_ element: Element) {
            for handler in handlers { handler(element) }
        }
        func asObservable() -> Observable<Element> { Observable(subject: self) }
        func asObserver() -> AnyObserver<Element> { AnyObserver(subject: self) }
    }

    final class Observable<Element> {
        let subject: PublishSubject<Element>
        init(subject: PublishSubject<Element>) { self.subject = subject }
        func subscribe(_ handler: @escaping (Element) -> Void) { subject.subscribe(handler) }
    }

    struct AnyObserver<Element> {
        let subject: PublishSubject<Element>
        func onNext(_ element: Element) { subject.onNext(element) }
    }

    final class HomeViewModel {
        let input: Observable<Void>
        let output: AnyObserver<Void>
        init(input: Observable<Void>, output: AnyObserver<Void>) {
            self.input = input
            self.output = output
        }
    }

    final class HomeView {}

    final class HomeViewController: UIViewController {
        let viewModel: HomeViewModel
        let view: HomeView
        init(viewModel: HomeViewModel, view: HomeView) {
            self.viewModel = viewModel
            self.view = view
        }
    }

    final class Thing {}

    protocol IntFetcher: AnyObject {
        func fetchInt() -> Int
    }

    protocol StringFetcher: AnyObject {
        func fetchString() -> String
    }

    final class ThingFetcher: IntFetcher, StringFetcher {
        let thing: Thing
        init(thing: Thing) { self.thing = thing }
        func fetchInt() -> Int { 42 }
        func fetchString() -> String { "thing" }
    }

    final class InjectingScreen {
        @LazyInjected var navigationController: CustomNavigationController
        @LazyInjected(name: "TestSubject") var testObservable: Observable<Void>
    }

    final class CircularDependencyOne {
        let dependencyTwo: CircularDependencyTwo

        init(_ dependencyTwo: CircularDependencyTwo) {
            self.dependencyTwo = dependencyTwo
        }
    }

    final class CircularDependencyTwo {
        var dependencyOne: CircularDependencyOne?
    }
}
