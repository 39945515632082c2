// Run with the package trait `SwiftLog` (`swift test --traits SwiftLog`), as CI does.
#if SwiftLog
    import Foundation
    import Keystone
    import KeystoneSwiftLog
    import Logging
    import Testing

    /// A swift-log handler that keeps what it is given.
    struct CapturingHandler: LogHandler {
        struct Entry: Sendable {
            let level: Logger.Level
            let message: String
            let metadata: Logger.Metadata
        }

        /// `@unchecked Sendable`: `lock` guards `kept`.
        final class Store: @unchecked Sendable {
            private let lock = NSLock()
            private var kept: [Entry] = []
            func append(_ entry: Entry) { lock.withLock { kept.append(entry) } }
            var entries: [Entry] { lock.withLock { kept } }
        }

        let store: Store
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            store.append(Entry(level: event.level, message: "\(event.message)", metadata: event.metadata ?? [:]))
        }
    }

    final class Engine: Sendable {}

    @Suite("swift-log bridge")
    struct SwiftLogContainerLoggerTests {
        @Test("Events reach swift-log with their level and metadata")
        func bridge() throws {
            let store = CapturingHandler.Store()
            let logger = Logger(label: "test.di") { _ in CapturingHandler(store: store) }
            let container = Container()
            container.logger = SwiftLogContainerLogger(logger)
            container.register(Engine.self, name: "main", scope: .singleton) { _ in Engine() }
            _ = try container.tryResolve(Engine.self, name: "main")
            _ = try? container.tryResolve(Engine.self)

            let entries = store.entries
            #expect(entries.map(\.level) == [.debug, .debug, .error])
            #expect(entries[1].message == "built Engine (name: \"main\") .singleton")
            #expect(entries[1].metadata["keystone.event"] == "built")
            #expect(entries[1].metadata["keystone.service"] == "Engine")
            #expect(entries[1].metadata["keystone.name"] == "main")
            #expect(entries[1].metadata["keystone.scope"] == ".singleton")
            #expect(entries[2].message.hasPrefix("failed: No registration for `Engine`."))
        }
    }

    @Suite("swift-log bridge: README example")
    struct SwiftLogReadmeExample {
        @Test("The README's one line installs the bridge")
        func readme() {
            let container = Container()
            container.logger = SwiftLogContainerLogger(Logger(label: "app.di"))
            #expect((container.logger as? SwiftLogContainerLogger)?.logger.label == "app.di")
        }
    }
#endif
