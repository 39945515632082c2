import Foundation
import Testing

@testable import Keystone

/// What a long-running server does over and over: a container per tenant with a name of its
/// own, modules loaded and unloaded (also into the long-lived root, under ever-new names), a
/// registration replaced. Its resident memory must stop growing once the allocator is warm.
/// Each test runs in a process of its own, so that other tests' allocations do not blur the
/// figure.
@Suite("Bounded memory")
struct BoundedMemoryTests {
    final class TenantService: Sendable {}
    final class SharedService: Sendable {}

    /// Loads, unloads and registers again, `count` times, in a container per tenant.
    static func churn(_ count: Int, in root: Container) {
        for index in 0..<count {
            let name = Name("tenant-\(index)")
            let tenant = Container(parent: root)
            let module = Module { singleton(name: name) { TenantService() } }
            try! tenant.load(module)
            _ = tenant.resolve(TenantService.self, name: name)
            tenant.unload(module)
            tenant.dispose()
            // The same module in the root: a key it never had before, gone again.
            try! root.load(module)
            _ = root.resolve(TenantService.self, name: name)
            root.unload(module)
            root.register(TenantService.self) { _ in TenantService() }
            let shared = Module { singleton { SharedService() } }
            try! root.load(shared)
            root.unload(shared)
        }
    }

    @Test(
        "Registering, loading and unloading 100,000 times: resident memory stops growing",
        .enabled(if: ResidentMemory.current != nil)
    )
    func churnStopsGrowing() async {
        await #expect(processExitsWith: .success) {
            let root = Container()
            BoundedMemoryTests.churn(20_000, in: root)  // warm the allocator and the tables
            let before = ResidentMemory.current!
            BoundedMemoryTests.churn(100_000, in: root)
            let grown = ResidentMemory.current! - before
            print("resident memory grew by \(grown / 1024) KiB over 100,000 rounds")
            exit(grown < 4 << 20 ? 0 : 1)
        }
    }
}

/// This process's resident set size, in bytes, where the platform says (Linux).
enum ResidentMemory {
    static var current: Int? {
        #if os(Linux)
            guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
            let fields = statm.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            return nil
        #endif
    }
}
