import Swoin

// In a file of its own: `Module` names Swoin's module here, and Keystone's wherever Keystone
// is imported.

typealias SwoinModule = Module

@_semantics("optimize.sil.specialize.generic.never") @inline(never)
func swoin<Service: Buildable>(_ type: Service.Type, in module: SwoinModule) {
    module.registerFactory(type) { Service() }
}
