import ArgumentParser
import Foundation
import Logging
import Mock
import Replay

/// `authtape mock`: serve a capture over HTTP or HTTPS for a real client.
struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Serve a capture over HTTP(S) so a real client (MSAL, a browser app) can run against it.",
        discussion: "Answers each native-auth request with the first unused recorded exchange that matches it "
            + "(identical requests in recorded order; redaction placeholders match any value). Any other request "
            + "gets a 404 JSON error naming the closest recorded request and the differing fields. "
            + "MSAL needs HTTPS: --tls (see docs/real-apps.md).")

    @Argument(help: "The capture to serve.") var capture: String
    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free port).") var port = 8788
    @OptionGroup(title: "HTTPS") var tlsOptions: TLSOptions

    func run() async throws {
        let servable: MockCapture
        do {
            let document = try CaptureInput.document(contentsOf: capture)
            servable = MockCapture(document: document)
            guard !servable.isEmpty else {
                printError(
                    "mock cannot serve \(capture): no native-auth exchange to serve among "
                        + "\(document.log.entries.count) entries")
                throw ExitCode(2)
            }
        } catch let error as CaptureInputError {
            printError("mock cannot serve \(error)")
            throw ExitCode(2)
        }
        var logger = Logger(label: "authtape.mock")
        logger.logLevel = .info
        let tls = try tlsOptions.serverTLS()
        if let tls { printError(tls.summary) }
        try await MockEntry.run(
            capture: servable, capturePath: capture, host: host, port: port, tls: tls?.configuration, logger: logger
        ) { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    }
}
