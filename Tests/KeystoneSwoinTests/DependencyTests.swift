import KeystoneSwoin
import Testing

// Swoin's specs of the declarations (single, factory, weak, the resolvable and the bound
// dependency), re-expressed: names and cache types carried through `.bind`, and `.then`.

@Suite("Swoin declarations, bind and then")
struct SwoinDependencyTests {
    @Test("single, factory and weak carry their name, cache type and factory")
    func declarations() {
        let singleValue = single(named: "someName") { "1" }
        let factoryValue = factory(named: "someName") { "2" }
        let weakValue = weak(named: "someName") { "12345" }
        #expect(singleValue.cacheType == .single && singleValue.name == "someName" && singleValue.factory() == "1")
        #expect(factoryValue.cacheType == .factory && factoryValue.factory() == "2")
        #expect(weakValue.cacheType == .weak && weakValue.name == "someName" && weakValue.factory() == "12345")
        #expect(single { 0 }.name == nil)
    }

    @Test("A bound dependency keeps the original name and cache type")
    func boundKeepsNameAndCacheType() {
        let widget = SpecialWidget("12345")
        let cast = factory(named: "someName") { widget }.bind(Widget.self)
        let converted = factory(named: "someName") { widget }.bind(WidgetHolder.self) { WidgetHolder($0) }
        let twice = converted.bind(Labelled.self)
        #expect(cast.name == "someName" && cast.cacheType == .factory)
        #expect(converted.name == "someName" && converted.cacheType == .factory)
        #expect(twice.name == "someName" && twice.cacheType == .factory)
    }

    @Test("A bind without a converter casts; with one, converts the original instance")
    func bindResolves() {
        let swoin = Swoin([
            Module {
                factory { SpecialWidget("123") }
                    .bind(Widget.self)
                single(named: "held") { Widget("456") }
                    .bind(WidgetHolder.self) { WidgetHolder($0) }
                    .bind(Labelled.self)
            }
        ])
        #expect(swoin.get(Widget.self).value == "123")
        #expect(swoin.get(SpecialWidget.self).value == "123")

        let widget: Widget = swoin.get(named: "held")
        let holder: WidgetHolder = swoin.get(named: "held")
        let labelled: Labelled = swoin.get(named: "held")
        #expect(holder.widget === widget)
        #expect(holder === swoin.get(WidgetHolder.self, named: "held"))  // a single converts once
        #expect(labelled.label == "456")
    }

    @Test("Binding a type again, after another one, replaces the earlier binding (right after it traps)")
    func bindAgain() {
        let replacement = WidgetHolder(Widget("replacement"))
        let swoin = Swoin([
            Module {
                single { Widget("123") }
                    .bind(WidgetHolder.self) { WidgetHolder($0) }
                    .bind(Labelled.self)
                    .bind(WidgetHolder.self) { _ in replacement }
            }
        ])
        #expect(swoin.get(WidgetHolder.self) === replacement)
    }

    @Test("then does not alter the original factory; the returned dependency applies it")
    func thenFactory() {
        let original = factory { Widget("12345") }
        let then = original.then { $0.value = "9000" }
        #expect(original.factory().value == "12345")
        #expect(then.factory().value == "9000")
    }

    @Test("then runs on every new instance, before it is handed out")
    func thenRunsPerInstance() {
        let counter = Counter()
        let swoin = Swoin([
            Module {
                factory { Widget("new") }
                    .then {
                        counter.increment()
                        $0.value = "configured"
                    }
                single(named: "once") { Widget("new") }
                    .then { _ in counter.increment() }
            }
        ])
        #expect(swoin.get(Widget.self).value == "configured")
        #expect(swoin.get(Widget.self).value == "configured")
        _ = swoin.get(Widget.self, named: "once")
        _ = swoin.get(Widget.self, named: "once")
        #expect(counter.count == 3)
    }

    @Test("then after bind keeps the bound types (Swoin dropped them)")
    func thenAfterBind() {
        let swoin = Swoin([
            Module {
                single { Widget("new") }
                    .bind(WidgetHolder.self) { WidgetHolder($0) }
                    .then { $0.value = "configured" }
            }
        ])
        #expect(swoin.get(WidgetHolder.self).widget.value == "configured")
        #expect(swoin.get(Widget.self) === swoin.get(WidgetHolder.self).widget)
    }

    @Test("then completes a circular reference: get() of the same dependency there returns the new instance")
    func thenClosesCycle() {
        let swoin = Swoin([
            Module {
                single { Parent() }
                    .then { $0.child = get() }
                single { Child(parent: get()) }
            }
        ])
        let parent: Parent = swoin.get()
        #expect(parent.child?.parent === parent)
    }
}

/// Two classes that refer to each other, for `.then`.
final class Parent: @unchecked Sendable {
    // `@unchecked Sendable`: `child` is set by the `.then` hook, before the instance is
    // handed out.
    var child: Child?
}

final class Child: Sendable {
    // `unowned`: the parent holds the child, so the pair is no retain cycle.
    unowned let parent: Parent

    init(parent: Parent) {
        self.parent = parent
    }
}
