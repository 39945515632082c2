// keystone-check: the tool that the KeystoneCheck build plugin runs on a target's sources.
//
//     keystone-check --module App --output <file> <source.swift>...
//
// With `--output` (as the plugin runs it), writes there a Swift file that the target compiles:
// each error and warning as an `#error`/`#warning` at its line, inside the `#if` conditions it
// needs, so that the compiler, which knows the build's flags, reports those of this build; and
// prints the notes. Without it, prints every finding as a compiler diagnostic
// (`path:line:column: error: …`) and exits 1 when there is an error.
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
let errors = report.findings.filter { $0.severity == .error }.count
guard let output else {
    // On the command line: every finding, and the exit status says whether there is an error.
    for finding in report.findings { print(finding.diagnostic) }
    if errors > 0 {
        print("keystone-check: \(errors) error\(errors == 1 ? "" : "s") in the registrations of \(module)")
        exit(1)
    }
    exit(0)
}
// In the build: errors and warnings go to the compiler as `#error`/`#warning` in the generated
// file, inside the `#if` conditions they need, so the build's own flags decide which apply;
// notes (also a cycle's other members) are printed here.
for finding in report.findings {
    let notes =
        finding.severity == .note
        ? [finding.diagnostic]
        : finding.notes.map { note in
            "\(note.site.path):\(note.site.line):\(note.site.column): note: \(note.message)"
        }
    for line in notes { print(line) }
}
do {
    try KeystoneCheck.generatedSwift(report).write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("keystone-check: error: cannot write \(output): \(error)\n".utf8))
    exit(2)
}
