// Resident memory of a long-lived container under churn: what `Benchmarks/memory.sh` prints.
//
//   .build/release/KeystoneChurn tenants|children CYCLES
//
// `tenants`: one container, and a module per tenant loaded and unloaded again, each with a
// singleton, a transient bound to a protocol and a contribution, under a name made at run time.
// `children`: an app container, and per cycle a child that contributes to a collection, is
// resolved from and disposed. Prints the resident memory after a warm-up and at each quarter.
import Keystone

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class Tenant: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}
protocol Reporting: Sendable {}
final class TenantReport: Reporting {
    let tenant: Tenant
    init(tenant: Tenant) { self.tenant = tenant }
}
final class Plugin: Sendable {}
final class Database: Sendable {}

/// The process's resident memory, in KiB.
func residentKiB() -> Int {
    #if os(Linux)
        // "size resident shared …", in pages.
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return -1 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return -1 }
        let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let resident = Int(fields[1]) else { return -1 }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    #else
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let result = withUnsafeMutablePointer(to: &info) {
            $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        return result == KERN_SUCCESS ? Int(info.resident_size) / 1024 : -1
    #endif
}

func tenantModule(_ id: Int) -> Module {
    let name = Name("tenant-\(id)")
    return Module {
        singleton(name: name) { Tenant(id: id) }
        transient(name: name) { try TenantReport(tenant: get(name: name)) }
            .bind(Reporting.self)
        contribute { Plugin() }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let cycles = Int(arguments[2]), cycles >= 4,
    arguments[1] == "tenants" || arguments[1] == "children"
else {
    fatalError("usage: KeystoneChurn tenants|children CYCLES (at least 4)")
}

let app = Container()
app.register(Database.self, scope: .singleton) { _ in Database() }
app.contribute(Plugin.self) { _ in Plugin() }
var sink = 0

/// One cycle of `pattern`; returns what it resolved, summed, so that the work is observable.
func cycle(_ pattern: String, _ index: Int, in app: Container) throws -> Int {
    var sink = 0
    if pattern == "tenants" {
        let module = tenantModule(index)
        try app.load(module)
        sink &+= app.resolve(Tenant.self, name: Name("tenant-\(index)")).id
        sink &+= app.resolve(Reporting.self, name: Name("tenant-\(index)")) is TenantReport ? 1 : 0
        sink &+= app.resolveAll(Plugin.self).count
        app.unload(module)
    } else {
        let child = Container(parent: app)
        child.contribute(Plugin.self) { _ in Plugin() }
        child.register(Tenant.self, name: Name("tenant-\(index)")) { _ in Tenant(id: index) }
        sink &+= child.resolveAll(Plugin.self).count
        sink &+= child.resolve(Tenant.self, name: Name("tenant-\(index)")).id
        child.dispose()
    }
    return sink
}

// A warm-up, so that one-time allocations (metadata, the thread's records) are not counted.
for index in 0..<1_000 { sink &+= try cycle(arguments[1], index, in: app) }
let warm = residentKiB()
print("\(arguments[1]): \(warm) KiB resident after a warm-up of 1,000 cycles")
let quarter = cycles / 4
for step in 1...4 {
    for index in 0..<quarter { sink &+= try cycle(arguments[1], 1_000 + (step - 1) * quarter + index, in: app) }
    let now = residentKiB()
    print("\(arguments[1]): \(now) KiB after \(step * quarter) cycles (\(now - warm >= 0 ? "+" : "")\(now - warm) KiB)")
}
if sink == 42 { print("") }  // keeps the work observable
