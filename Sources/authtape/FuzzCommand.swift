import ArgumentParser

/// `authtape fuzz`: its modes are subcommands; a campaign is the default, so `authtape fuzz --seed 1`
/// still runs one, and the old mode flags (`--serve`, `--prove-faults`, `--row-coverage`,
/// `--write-seeds DIR`, `--from-crash FILE`) are rewritten to their subcommands (``legacySpelling(_:)``).
struct FuzzCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Mutate server responses and check every engine outcome against the oracle.",
        discussion: """
            Without a subcommand, `fuzz` runs a campaign (`fuzz campaign --help`). The old mode flags \
            still work: --serve is `fuzz serve`, --prove-faults is `fuzz prove`, --row-coverage is \
            `fuzz coverage`, --write-seeds DIR is `fuzz seeds DIR`, --from-crash FILE is \
            `fuzz import-crash FILE`.

            Exit status: 0 clean, 1 findings, 2 unreadable or invalid input, 64 usage error.
            """,
        subcommands: [
            FuzzCampaignCommand.self, FuzzServeCommand.self, FuzzProveCommand.self, FuzzCoverageCommand.self,
            FuzzSeedsCommand.self, FuzzImportCrashCommand.self,
        ],
        defaultSubcommand: FuzzCampaignCommand.self)

    /// The mode flags of the single `fuzz` command before it had subcommands, with the subcommand
    /// each now names and whether the flag took a value (which becomes the subcommand's argument).
    private static let legacyModes: [(flag: String, subcommand: String, takesValue: Bool)] = [
        ("--serve", "serve", false), ("--prove-faults", "prove", false), ("--row-coverage", "coverage", false),
        ("--write-seeds", "seeds", true), ("--from-crash", "import-crash", true),
    ]

    /// `arguments` (without the program name) with an old mode flag of `fuzz` turned into its
    /// subcommand: `fuzz --serve X --port 0` → `fuzz serve X --port 0`, `fuzz --write-seeds D C` →
    /// `fuzz seeds D C`. Anything else, including arguments that already name a subcommand, is kept.
    static func legacySpelling(_ arguments: [String]) -> [String] {
        guard let fuzz = arguments.firstIndex(of: "fuzz"), fuzz == arguments.startIndex else { return arguments }
        var rest = Array(arguments[(fuzz + 1)...])
        if let first = rest.first, configuration.subcommands.contains(where: { $0.configuration.commandName == first }) {
            return arguments
        }
        for mode in legacyModes {
            guard let at = rest.firstIndex(where: { $0 == mode.flag || $0.hasPrefix(mode.flag + "=") }) else { continue }
            var moved: [String] = []
            if let equals = rest[at].firstIndex(of: "=") {
                moved.append(String(rest[at][rest[at].index(after: equals)...]))
                rest.remove(at: at)
            } else if mode.takesValue, at + 1 < rest.count {
                moved.append(rest[at + 1])
                rest.removeSubrange(at...(at + 1))
            } else {
                rest.remove(at: at)
            }
            return ["fuzz", mode.subcommand] + moved + rest
        }
        return arguments
    }
}
