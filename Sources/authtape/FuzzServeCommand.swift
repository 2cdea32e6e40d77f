import ArgumentParser
import Foundation
import Fuzz
import FuzzServers

/// `authtape fuzz serve [CAPTURE | --upstream URL]` (was `fuzz --serve`): mutated answers to a real client.
struct FuzzServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve mutated answers to a real client instead of running a campaign.",
        discussion: """
            A loopback server answers a real client from CAPTURE (or by forwarding to --upstream URL), \
            mutates each answer with the operators, and logs every exchange (secrets redacted) until \
            SIGINT or SIGTERM. The seed is printed first.

            Exit status: 0 after a signal, 1 cannot serve, 2 unreadable capture, 64 usage error.
            """)

    @Argument(help: "The capture whose answers to serve (HAR); or give --upstream.")
    var captures: [String] = []

    @Option(name: .long, help: "Forward requests to this server (e.g. the emulator) instead of a capture.")
    var upstream: String?

    @Option(name: .long, help: "Seed of the mutations (default: from the clock, printed).")
    var seed: UInt64?

    @Option(name: .long, help: "The port to listen on (0 picks a free one).")
    var port: Int = 0

    @Option(name: .long, help: "The address to bind (loopback by default).")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "Operator names to draw from (default: all); repeatable, commas allowed.")
    var operators: [String] = []

    @Option(name: .long, help: "Percentage of exchanges to mutate.")
    var rate: Int = 100

    @OptionGroup(title: "HTTPS") var tlsOptions: TLSOptions

    func validate() throws {
        guard captures.count + (upstream == nil ? 0 : 1) == 1 else {
            throw ValidationError("fuzz serve (--serve) needs one CAPTURE or --upstream URL (not both)")
        }
        let unknown = operatorNames.filter { name in !Operators.serve.contains { $0.name == name } }
        if !unknown.isEmpty {
            throw ValidationError("unknown operator(s) \(unknown.joined(separator: ", ")); known: "
                                  + Operators.serve.map(\.name).joined(separator: ", "))
        }
        if !(0...100).contains(rate) { throw ValidationError("--rate must be 0 to 100") }
        if !(0...65_535).contains(port) { throw ValidationError("--port must be 0 to 65535") }
    }

    /// `--operators` split at commas.
    var operatorNames: [String] {
        operators.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }

    func run() async throws {
        let source: MutatingServerSource
        if let url = upstream {
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https",
                parsed.host != nil
            else { throw CLIFailure.usage("--upstream '\(url)' is not an http(s) URL with a host") }
            source = .upstream(parsed)
        } else if let path = captures.first {
            do {
                source = .capture(try CaptureAnswers(contentsOf: path))
            } catch {
                throw CLIFailure.badInput("cannot read capture: \(error)")
            }
        } else {
            throw CLIFailure.usage("fuzz serve (--serve) needs one CAPTURE or --upstream URL (not both)")
        }
        let chosen = Operators.named(operatorNames)
        let tls = try tlsOptions.serverTLS()
        if let tls { printError(tls.summary) }
        let options = MutatingServer.Options(
            source: source, host: host, port: port, seed: seed ?? FuzzSeed.fromClock(),
            operators: chosen.isEmpty ? Operators.serve : chosen, rate: rate, tls: tls?.configuration)
        do {
            // Written unbuffered, so a person (or a test) reading a pipe sees each exchange as it happens.
            try await FuzzServe.run(options, print: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) })
        } catch let error as CLIFailure {
            throw error
        } catch {
            throw CLIFailure.failed("cannot serve on \(host):\(port): \(error)")
        }
    }
}
