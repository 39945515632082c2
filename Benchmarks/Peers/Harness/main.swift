import Foundation
import KOInject
import Keystone
import Swinject
import Zerk

// Registering 1,000 services through a generic helper, in Keystone and in five other Swift
// containers: each library registers the 1,000 types of `Services.swift` (made by `peers.sh`)
// through a helper that is never specialised, as a plug-in loader or a module system in
// another module would, in a new container, which is then released. Every registration builds
// a new instance per resolve (the library's transient scope, or its equivalent).
//
//   PeerRegistration [ROUNDS]            wall clock: the libraries in turn, a median each
//   PeerRegistration LIBRARY ITERATIONS  one library, for callgrind (after one warm-up)

@_semantics("optimize.sil.specialize.generic.never") @inline(never)
func keystone<Service: Buildable>(_ type: Service.Type, in container: Keystone.Container) {
    container.register(type, scope: .transient) { _ in Service() }
}

@_semantics("optimize.sil.specialize.generic.never") @inline(never)
func koinject<Service: Buildable>(_ type: Service.Type, in container: KOIContainer) {
    container.register(type: type, scope: .separate) { _ in Service() }
}

@_semantics("optimize.sil.specialize.generic.never") @inline(never)
func zerk<Service: Buildable>(_ type: Service.Type, in storage: DependencyStoring) {
    storage.transient(Service() as Service)
}

@_semantics("optimize.sil.specialize.generic.never") @inline(never)
func swinject<Service: Buildable>(_ type: Service.Type, in container: Swinject.Container) {
    container.register(type) { _ in Service() }.inObjectScope(.transient)
}

@inline(never) func keep(_ object: AnyObject) { withExtendedLifetime(object) {} }

/// One operation: a new container, the 1,000 registrations, and its release.
func registerAll(_ library: String) {
    switch library {
    case "keystone":
        let container = Keystone.Container()
        for type in serviceTypes { keystone(type, in: container) }
        keep(container)
    case "koinject":
        let container = KOIContainer()
        for type in serviceTypes { koinject(type, in: container) }
        keep(container)
    case "resolver":
        let container = HMResolver()
        for type in serviceTypes { resolver(type, in: container) }
        keep(container)
    case "zerk":
        let storage = Zerk.newStorage()
        for type in serviceTypes { zerk(type, in: storage) }
        keep(storage as AnyObject)
    case "swoin":
        let module = SwoinModule.empty()
        for type in serviceTypes { swoin(type, in: module) }
        keep(module)
    case "swinject":
        let container = Swinject.Container()
        for type in serviceTypes { swinject(type, in: container) }
        keep(container)
    default:
        fatalError("unknown library \(library)")
    }
}

let libraries = ["keystone", "koinject", "resolver", "swoin", "zerk", "swinject"]
let arguments = CommandLine.arguments
if arguments.count == 3 {
    registerAll(arguments[1])
    for _ in 0..<Int(arguments[2])! { registerAll(arguments[1]) }
} else {
    let rounds = arguments.count > 1 ? Int(arguments[1])! : 2_000
    for library in libraries { registerAll(library) }
    var samples: [String: [Double]] = [:]
    for _ in 0..<rounds {
        for library in libraries {
            let start = DispatchTime.now().uptimeNanoseconds
            registerAll(library)
            let micros = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000
            samples[library, default: []].append(micros)
        }
    }
    let medians = samples.mapValues { $0.sorted()[$0.count / 2] }
    print("library  | µs per 1,000 registrations (median of \(rounds)) | / keystone")
    for library in libraries {
        let median = medians[library]!
        let line = library.padding(toLength: 8, withPad: " ", startingAt: 0)
        let ratio = median / medians["keystone"]!
        print("\(line) | \(String(format: "%8.1f", median)) | \(String(format: "%.2fx", ratio))")
    }
}
