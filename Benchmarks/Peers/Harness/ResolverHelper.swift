import Resolver

// In a file of its own: `Resolver` names the library's container here, and Keystone's
// resolver wherever Keystone is imported.

typealias HMResolver = Resolver

@_semantics("optimize.sil.specialize.generic.never") @inline(never)
func resolver<Service: Buildable>(_ type: Service.Type, in container: HMResolver) {
    container.register(type) { Service() }.scope(.unique)
}
