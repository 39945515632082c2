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

    @Test("Threads reading one @Inject property at once resolve it once, with no lock held")
    func injectResolvedOnce() {
        let counter = Counter()
        let arrived = DispatchSemaphore(value: 0)
        let readers = 8
        let swoin = Swoin([
            Module {
                factory { () -> Widget in
                    counter.increment()
                    // Every reader has started reading before the first resolve ends.
                    for _ in 0..<readers - 1 { _ = arrived.wait(timeout: .now() + 10) }
                    return Widget("made")
                }
            }
        ])
        let screen = SwoinScreen(swoin: swoin)
        let seen = Collected<Widget>()
        let done = DispatchGroup()
        for _ in 0..<readers {
            done.enter()
            Thread {
                arrived.signal()
                seen.append(screen.widget)
                done.leave()
            }
            .start()
        }
        done.wait()
        #expect(counter.count == 1)
        #expect(seen.all.count == readers)
        #expect(seen.all.allSatisfy { $0 === screen.widget })
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
/// wrapper keeps what it resolved in a cell safe to read from any thread.
final class ConcurrentScreen: @unchecked Sendable {
    @Inject var widget: Widget
}

/// A class whose property, injected from a given Swoin, several threads read at once.
///
/// `@unchecked Sendable`: its one `var` is the `@Inject` wrapper, never reassigned; the
/// wrapper keeps what it resolved in a cell safe to read from any thread.
final class SwoinScreen: @unchecked Sendable {
    @Inject var widget: Widget

    init(swoin: Swoin) {
        _widget = Inject(swoin: swoin)
    }
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
