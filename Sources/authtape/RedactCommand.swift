import ArgumentParser
import Redaction

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct RedactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redact",
        abstract: "Redact secrets and personal data in a HAR capture.",
        discussion: """
            Applies the built-in native-auth rules (and those of --rules) to every entry: \
            passwords, one-time codes, tokens, continuation tokens, usernames, attributes, \
            Authorization and cookies, and JWTs, e-mail addresses and phone numbers anywhere. \
            The same secret gets the same placeholder throughout the file. Any HAR layout \
            is read as a stream and written back in its own layout, only the replaced values \
            changed. Every other occurrence of a redacted value anywhere in the file (URLs, \
            headers, bodies, base64 bodies) gets the same placeholder. The leak scanner of \
            `authtape check` runs over the output as it is written: when it finds anything, \
            the findings are printed (masked), the output is kept only as \
            NAME.UNSAFE-flagged.har (mode 0600; with --in-place the input is left as it was), \
            never at the name given, and the exit status is 1. Exit status 2: the input is \
            not a readable HAR file. See docs/redaction.md for the rule file format.
            """)

    @Argument(help: "The HAR file to redact.")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write the redacted HAR.")
    var output: String?

    @Option(name: .long, help: "A YAML or JSON rule file that adds to (or replaces) the built-in rules.")
    var rules: String?

    @Flag(name: .long, help: "Replace INPUT with its redacted form.")
    var inPlace = false

    @Flag(name: .long, help: .hidden)
    var noEverywhere = false

    func validate() throws {
        if inPlace == (output != nil) {
            throw ValidationError("give either -o OUTPUT or --in-place")
        }
    }

    func run() throws {
        let ruleSet: RuleSet
        do {
            ruleSet = try rules.map { path throws(RuleFileError) in try RuleFile.load(path: path) } ?? .nativeAuthDefaults
        } catch {
            throw CLIFailure.badInput("\(error)")
        }
        let destination = output ?? input
        // Written under the flagged name first: it takes the name given only once the leak
        // scan of what was written is clean, so a flagged output is never left where the user
        // (or --in-place's input) expects a shareable capture.
        let staging = Self.flaggedPath(for: destination)
        do {
            let redactor = try Redactor(ruleSet: ruleSet, placeholders: PlaceholderTable(indexing: !noEverywhere))
            let (summary, findings) = try redactor.redactFile(
                input: input, output: staging, scanner: LeakScanner(), everywhere: !noEverywhere)
            let kinds = summary.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            if findings.isEmpty {
                guard rename(staging, destination) == 0 else {
                    let reason = String(cString: strerror(errno))
                    unlink(staging)
                    throw CLIFailure.badInput("\(destination): cannot write: \(reason)")
                }
                print("redacted \(summary.total) value(s)\(kinds.isEmpty ? "" : " (\(kinds))") -> \(destination)")
            } else {
                print("redacted \(summary.total) value(s)\(kinds.isEmpty ? "" : " (\(kinds))") -> \(staging) (flagged)")
                for finding in findings { printError("\(finding)") }
                printError(
                    "\(staging) still holds \(findings.count) possible secret(s) (see above, masked); "
                        + "nothing was written to \(destination)\(inPlace ? " (the input is unchanged)" : ""): "
                        + "add rules (--rules) and redact again")
            }
            // The output is written, synced and renamed: end the process here instead of
            // returning, which would free the placeholder table one secret at a time (about
            // 35 ms for a 100 MB capture); the kernel reclaims the memory at once.
            endProcessWithoutTeardown(status: findings.isEmpty ? 0 : 1)
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure.badInput("\(error)")
        }
    }

    /// `out.har` → `out.UNSAFE-flagged.har` (next to it).
    static func flaggedPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let nameStart = slash.map { path.index(after: $0) } ?? path.startIndex
        let name = path[nameStart...]
        if let dot = name.lastIndex(of: "."), dot != name.startIndex, name[dot...].lowercased() == ".har" {
            return String(path[..<dot]) + ".UNSAFE-flagged.har"
        }
        return path + ".UNSAFE-flagged.har"
    }
}

/// Flushes every output stream and exits with `status` without running deinitialisers.
private func endProcessWithoutTeardown(status: Int32) -> Never {
    fflush(nil)
    exit(status)
}
