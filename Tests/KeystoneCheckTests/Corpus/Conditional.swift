// Registrations in `#if` branches: the check reads the graph under each condition and reports
// only what the build at hand compiles. In a debug build (DEBUG set, as the tests build) the
// `#else` branch is not compiled, so its `Recorder` provides nothing; the debug branch's
// `ConsoleRecorder` needs a `Console` that nothing registers.
import Keystone

enum Conditional {
    protocol Recorder: Sendable {}
    final class Console: Sendable {}
    final class ConsoleRecorder: Recorder { init(console: Console) {} }
    final class FileRecorder: Recorder {}
    final class Crashes: Sendable { init(recorder: any Recorder) {} }
    final class Uploader: Sendable {}
    final class Reports: Sendable { init(uploader: Uploader) {} }

    static func makeContainer() -> Container {
        let container = Container()
        #if DEBUG
            container.register((any Recorder).self) { r in try ConsoleRecorder(console: r.resolve()) }
        #else
            container.register((any Recorder).self) { _ in FileRecorder() }
            container.register { _ in Uploader() }
        #endif
        container.register { r in try Crashes(recorder: r.resolve()) }
        container.register { r in try Reports(uploader: r.resolve()) }
        return container
    }
}
