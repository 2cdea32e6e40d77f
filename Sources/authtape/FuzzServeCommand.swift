import ArgumentParser
import Foundation
import Fuzz

extension FuzzCommand {
    /// `authtape fuzz --serve [--upstream URL | CAPTURE] [--port N] [--seed N] [--operators …] [--tls]`.
    func runServe() async throws {
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
            throw CLIFailure.usage("--serve needs one CAPTURE or --upstream URL (not both)")
        }
        let chosen = Operators.named(serveOperatorNames)
        let runSeed = seed ?? UInt64(Date().timeIntervalSince1970 * 1000) & 0xFFFF_FFFF
        let tls = try tlsOptions.serverTLS()
        if let tls { printError(tls.summary) }
        let options = MutatingServer.Options(
            source: source, host: host, port: port, seed: runSeed, operators: chosen.isEmpty ? Operators.serve : chosen, rate: rate,
            tls: tls?.configuration)
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
