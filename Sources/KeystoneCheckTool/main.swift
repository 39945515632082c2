// keystone-check: the tool that the KeystoneCheck build plugin runs on a target's sources.
//
//     keystone-check --module App --output <file> <source.swift>...
//
// Prints each finding as a compiler diagnostic (`path:line:column: error: …`), which SwiftPM
// and Xcode show at the line. Exits 1 when there is an error. Writes `--output` only when the
// check passes: the build system reruns the tool only when a source or the tool changes.
import Foundation
import KeystoneCheckCore

var module = "main"
var output: String?
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--module": module = arguments.popFirst() ?? module
    case "--output": output = arguments.popFirst()
    case "--help":
        print("usage: keystone-check [--module NAME] [--output FILE] SOURCE.swift...")
        exit(0)
    default: paths.append(argument)
    }
}

var files: [SourceFile] = []
for path in paths {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("keystone-check: error: cannot read \(path)\n".utf8))
        exit(2)
    }
    files.append(SourceFile(path: path, module: module, text: text))
}

let report = KeystoneCheck.run(files)
for finding in report.findings { print(finding.diagnostic) }
let errors = report.findings.filter { $0.severity == .error }.count
if errors > 0 {
    print("keystone-check: \(errors) error\(errors == 1 ? "" : "s") in the registrations of \(module)")
    exit(1)
}
if let output {
    let text = """
        // Written by keystone-check: \(report.registrationCount) registrations of \(module) checked, no error.
        // The build reruns the check only when a source of \(module) changes.

        """
    do {
        try text.write(toFile: output, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("keystone-check: error: cannot write \(output): \(error)\n".utf8))
        exit(2)
    }
}
