import PackagePlugin

/// Runs `keystone-check` on a target's Swift sources before the target compiles: a missing
/// registration, a cycle or a captive dependency fails the build at the registration.
///
/// The command's inputs are the target's Swift files and its output a Swift file with a
/// comment, which the target compiles; the build system reruns the check only when a source
/// changes, so a build with nothing new does not read the sources again.
@main struct KeystoneCheck: BuildToolPlugin {
    /// The check of one target.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "KeystoneCheck.swift")
        let tool = try context.tool(named: "keystone-check")
        return [
            .buildCommand(
                displayName: "Checking the registrations of \(target.name) (KeystoneCheck)",
                executable: tool.url,
                arguments: ["--module", target.moduleName, "--output", output.path()] + sources.map { $0.path() },
                inputFiles: sources,
                outputFiles: [output]
            )
        ]
    }
}
