import Foundation

/// The notes server, started as a process of its own: `notes-server` with `PORT=0`, so that it
/// listens on 127.0.0.1 on a port the system picks, which it writes to its standard output.
final class ServerProcess {
    private let process = Process()
    /// The port the server listens on, on 127.0.0.1.
    let port: Int

    /// The server's process ID.
    var pid: Int32 { process.processIdentifier }

    /// Starts `executable` and waits until it listens (it says so on its standard output), or
    /// until it exits.
    init(executable: URL) throws {
        process.executableURL = executable
        var environment = ProcessInfo.processInfo.environment
        environment["PORT"] = "0"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()

        let reader = output.fileHandleForReading
        let marker = "notes-server listening on http://127.0.0.1:"
        var seen = ""
        var port: Int?
        while port == nil {
            let chunk = reader.availableData
            if chunk.isEmpty {
                process.waitUntilExit()
                throw LoadCheckError.serverDidNotStart(status: process.terminationStatus, output: seen)
            }
            seen += String(decoding: chunk, as: UTF8.self)
            if let range = seen.range(of: marker), let line = seen[range.upperBound...].split(separator: "\n").first,
                seen[range.upperBound...].contains("\n")
            {
                port = Int(line)
            }
        }
        self.port = port!
        // Whatever else it writes goes on to this process's standard error, so that its pipe never
        // fills and blocks it.
        Thread.detachNewThread {
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { return }
                FileHandle.standardError.write(chunk)
            }
        }
    }

    /// The CPU time the server has used so far, user and system, in seconds; nil where the
    /// load check cannot read it.
    ///
    /// On Linux: `utime` and `stime` of `/proc/<pid>/stat`, which count every thread of the
    /// process, in clock ticks (1/100 s on most systems).
    func cpuSeconds() -> Double? {
        #if os(Linux)
            // Read with one read(2): a /proc file has no size for Foundation to go by.
            let file = open("/proc/\(pid)/stat", O_RDONLY)
            guard file >= 0 else { return nil }
            defer { close(file) }
            var bytes = [UInt8](repeating: 0, count: 4_096)
            let count = read(file, &bytes, bytes.count)
            guard count > 0 else { return nil }
            let stat = String(decoding: bytes[..<count], as: UTF8.self)
            guard let afterName = stat.lastIndex(of: ")") else { return nil }
            // After the command name: state (field 3), ..., utime (14), stime (15).
            let fields = stat[stat.index(after: afterName)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #else
            return nil
        #endif
    }

    /// Stops the server with SIGTERM, as Ctrl-C would: it finishes what is in flight and exits.
    ///
    /// - Throws: ``LoadCheckError/serverFailed(status:)`` if it did not exit with status 0.
    func stop() throws {
        guard process.isRunning else { return try checkExit() }
        process.terminate()
        process.waitUntilExit()
        try checkExit()
    }

    private func checkExit() throws {
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            throw LoadCheckError.serverFailed(status: process.terminationStatus)
        }
    }
}
