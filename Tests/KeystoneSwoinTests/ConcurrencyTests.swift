import Dispatch
import Foundation
import KeystoneSwoin
import Testing

// Swoin's API from many threads at once: run under ThreadSanitizer in CI. Bounded in count,
// no sleeping.

@Suite("Swoin under concurrency")
struct SwoinConcurrencyTests {
    @Test("Many threads resolve a single at once: its factory runs once")
    func singleOnce() {
        let counter = Counter()
        let swoin = Swoin([
            Module {
                single {
                    counter.increment()
                    return Widget("once")
                }
                factory { WidgetHolder(get()) }
            }
        ])
        let holders = Collected<WidgetHolder>()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let holder: WidgetHolder = get(swoin: swoin)
            holders.append(holder)
        }
        #expect(counter.count == 1)
        let all = holders.all
        #expect(all.count == 64)
        #expect(all.allSatisfy { $0.widget === all[0].widget })
    }

    @Test("Many tasks read one @Inject property at once: they all get the instance kept")
    func injectOnce() async {
        await withIsolatedSwoinAsync {
            let widgets = Module {
                factory { Widget("each time") }
            }
            startSwoin { widgets }
            let screen = ConcurrentScreen()
            let seen = await withTaskGroup(of: Widget.self) { group in
                for _ in 0..<32 {
                    group.addTask { screen.widget }
                }
                return await group.reduce(into: [Widget]()) { $0.append($1) }
            }
            #expect(seen.count == 32)
            #expect(seen.allSatisfy { $0 === screen.widget })
        }
    }

    @Test("Loading and unloading modules while other threads resolve")
    func loadWhileResolving() {
        let stable = Module {
            single { Widget("stable") }
        }
        let swoin = Swoin([stable])
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            if index == 0 {
                for round in 0..<50 {
                    let feature = Module {
                        factory(named: "feature \(round)") { Widget("feature") }
                    }
                    swoin.load(feature)
                    if swoin.get(Widget.self, named: "feature \(round)").value != "feature" { failures.increment() }
                    swoin.unload(feature)
                }
            } else {
                for _ in 0..<200 where swoin.get(Widget.self).value != "stable" {
                    failures.increment()
                }
            }
        }
        #expect(failures.count == 0)
    }
}

/// A class whose property several tasks read at once.
///
/// `@unchecked Sendable`: its one `var` is the `@Inject` wrapper, never reassigned; the
/// wrapper keeps what it resolved behind its own lock.
final class ConcurrentScreen: @unchecked Sendable {
    @Inject var widget: Widget
}

/// An array that threads append to.
///
/// `@unchecked Sendable`: `items` is read and written with `lock` held.
final class Collected<Item>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Item] = []

    func append(_ item: Item) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [Item] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
