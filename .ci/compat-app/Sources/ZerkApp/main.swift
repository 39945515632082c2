// swift-format-ignore-file
// (Written as an app writes it: the conformance is the point, and the app documents nothing.)
// An app written for Zerk, built against KeystoneZerk by .ci/consumer-check in a package of its
// own, with warnings as errors: the Swift 6 spelling of `AutoStoring` that MigratingFromZerk.md
// and the protocol's doc comment show (DocumentationSyncTests finds it here). Only outside this
// package does the plain conformance draw its warning, and only there may it be marked
// `@retroactive`, so no test target of the package can compile it.
import KeystoneZerk

protocol EngineProtocol: AnyObject {
    var power: Int { get }
}

final class EngineClass: EngineProtocol {
    let power = 150
}

extension Zerk: @retroactive AutoStoring {
    public static func autoStore() {
        Zerk.store.singleton(EngineClass() as EngineProtocol)
    }
}

// Nothing is stored here: the first restore runs `autoStore()`.
let engine: EngineProtocol = Zerk.standardStorage.restore()
let again: EngineProtocol = Zerk.standardStorage.restore()
print("power: \(engine.power), one engine: \(engine === again)")
