import ArgumentParser
import Redaction

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Scan captures for secrets left unredacted.",
        discussion: """
            The detectors do not depend on the redaction rules: JWTs, long token-like strings, \
            digit codes in code fields, values in password and token fields, e-mail addresses, \
            phone numbers, and the canary strings you give. Findings never print the secret. \
            Exit status: 0 when clean, 1 when anything was found, 2 when a file cannot be read (the reason is given) or is not a HAR (no log.entries array).
            """)

    @Argument(help: "HAR files to scan.")
    var files: [String]

    @Option(name: .long, help: "A string that must not appear anywhere (repeatable).")
    var canary: [String] = []

    func run() throws {
        let scanner = LeakScanner(canaries: canary)
        var total = 0
        var unreadable = false
        for file in files {
            do {
                let findings = try scanner.scan(path: file)
                for finding in findings { print(finding) }
                total += findings.count
                if findings.isEmpty { print("\(file): clean") }
            } catch {
                printError("\(error)")
                unreadable = true
            }
        }
        if unreadable { throw ExitCode(2) }
        if total > 0 {
            print("\(total) finding(s)")
            throw ExitCode(1)
        }
    }
}
