import Testing

@testable import Keystone

/// What `unload` takes away, the container lets go of: the slots of a module's registrations,
/// the tables they were in, and the instances they published, once no lock-free reader can be
/// using them. A long-lived container that loads a module per tenant stays the same size.
@Suite("Registry reclamation")
struct RegistryReclamationTests {
    final class Tenant: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }
    final class TenantReport: Reporting {
        let tenant: Tenant
        init(tenant: Tenant) { self.tenant = tenant }
    }
    protocol Reporting: Sendable {}
    final class Plugin: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }

    /// One tenant's module: a singleton, a transient bound to a protocol, and contributions to
    /// a collection and to one named after the tenant, under a name made at run time.
    static func tenantModule(_ id: Int) -> Module {
        let name = Name("tenant-\(id)")
        return Module {
            singleton(name: name) { Tenant(id: id) }
            transient(name: name) { try TenantReport(tenant: get(name: name)) }
                .bind(Reporting.self)
            contribute { Plugin(id: id) }
            contribute(name: name) { Plugin(id: id) }
        }
    }

    @Test("Loading and unloading a module per tenant leaves the registry as it was")
    func tenantsComeAndGo() throws {
        let container = Container()
        container.register(Plain.self) { _ in Plain() }
        let before = container.registry.footprint
        var largestTable = 0
        for id in 0..<3_000 {
            let module = Self.tenantModule(id)
            try container.load(module)
            if id % 500 == 0 {
                #expect(container.resolve(Tenant.self, name: Name("tenant-\(id)")).id == id)
                #expect(container.resolve(TenantReport.self, name: Name("tenant-\(id)")).tenant.id == id)
                #expect(container.resolveAll(Plugin.self).map(\.id) == [id])
            }
            container.unload(module)
            largestTable = max(largestTable, container.registry.footprint.cells)
        }
        // Every key the modules registered is gone, and the table never grew past what one
        // tenant's keys need (six at once: a table is rebuilt when half full of keys and
        // tombstones, twice as large when a quarter of it is live, so 32 cells). Before, it
        // kept every slot: five per tenant, fifteen thousand here.
        #expect(container.registry.footprint.slots == before.slots)
        #expect(largestTable <= 32)
        // Nor does the container keep the tenants' named collections, emptied.
        let features = container.features
        #expect(features.lock.withLock { features.collections.isEmpty })
        let gone = #expect(throws: ResolutionError.self) {
            try container.tryResolve(Tenant.self, name: Name("tenant-0"))
        }
        #expect(gone?.kind == .notRegistered)
        #expect(container.resolveAll(Plugin.self).isEmpty)
        #expect(container.resolveOptional(Plain.self) != nil)
    }

    @Test("A key unloaded from a child resolves from its parent again, and loads again")
    func unloadedKeyFallsBackToTheParent() throws {
        let parent = Container()
        parent.register(Tenant.self, name: "tenant-7", scope: .singleton) { _ in Tenant(id: -1) }
        let child = Container(parent: parent)
        let module = Self.tenantModule(7)
        try child.load(module)
        #expect(child.resolve(Tenant.self, name: "tenant-7").id == 7)
        child.unload(module)
        #expect(child.resolve(Tenant.self, name: "tenant-7").id == -1)
        try child.load(module)
        #expect(child.resolve(Tenant.self, name: "tenant-7").id == 7)
        #expect(child.resolve(TenantReport.self, name: "tenant-7").tenant.id == 7)
    }

    @Test("A registration on its way into a slot keeps that slot through an unload of its key")
    func pinnedSlotIsKept() throws {
        let container = Container()
        let name = Name("tenant-3")
        let module = Self.tenantModule(3)
        try container.load(module)
        let key = RegistryKey(Tenant.self, name: name, arguments: Void.self)
        // What `register` does first: the slot, for the registration it then makes…
        let slot = container.registry.slotCreatingIfNeeded(for: key)
        let entry = Entry<Tenant>(
            slot: slot, name: name, scope: .singleton, argumentTypes: Void.self,
            location: SourceLocation(file: #fileID, line: #line), building: .plain { _ in Tenant(id: 42) })
        // …and an unload of the same key in between.
        container.unload(module)
        container.install(entry)
        // Removed while the registration was on its way, the slot would have taken it out of
        // sight: the key would be "not registered".
        #expect(container.registry.slot(for: key) === slot)
        #expect(try container.tryResolve(Tenant.self, name: name).id == 42)
    }

    @Test("Resolves racing loads and unloads get the tenant or not registered, and the registry ends as it began")
    func resolvesRaceUnloads() throws {
        let parent = Container()
        let child = Container(parent: parent)
        let before = parent.registry.footprint
        let tenants = 4
        let modules = (0..<tenants).map(Self.tenantModule)
        let wrong = Counter()
        let answered = Counter()
        let rounds = 300
        onThreads(4) { thread in
            if thread == 0 {
                // The writer: each tenant's module in and out, again and again.
                for round in 0..<rounds {
                    let module = modules[round % tenants]
                    do { try parent.load(module) } catch { wrong.increment() }
                    parent.unload(module)
                }
                return
            }
            // Readers: the lock-free read (a published singleton), the locked path (a
            // transient), a child reading its parent's singleton, and a collection.
            for iteration in 0..<(rounds * 20) {
                let id = iteration % tenants
                let name = Name("tenant-\(id)")
                do throws(ResolutionError) {
                    switch (iteration + thread) % 4 {
                    case 0: if try parent.tryResolve(Tenant.self, name: name).id != id { wrong.increment() }
                    case 1:
                        if try parent.tryResolve(TenantReport.self, name: name).tenant.id != id { wrong.increment() }
                    case 2: if try child.tryResolve(Tenant.self, name: name).id != id { wrong.increment() }
                    default:
                        let plugins = try parent.tryResolveAll(Plugin.self)
                        if plugins.count > 1 { wrong.increment() }
                    }
                    answered.increment()
                } catch  where error.kind == .notRegistered {
                    continue
                } catch {
                    wrong.increment()
                }
            }
        }
        #expect(wrong.value == 0)
        #expect(answered.value > 0)
        #expect(parent.registry.footprint.slots == before.slots)
    }
}
