import ArgumentParser
import Emulator
import Foundation
import Logging
import Recorder
import Redaction

/// `authtape record`: a recording proxy writing a redacted, crash-safe HAR capture.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record native-auth traffic through a proxy into a redacted HAR capture.",
        discussion: """
            Reverse mode (default): point the app's authority at the proxy; paths are forwarded \
            unchanged to --upstream. Without --upstream an embedded emulator is started. With --tls \
            the proxy itself speaks HTTPS (a leaf signed by the authtape CA), as MSAL requires.

            Forward mode (--forward): an HTTP proxy with CONNECT; TLS to captured hosts \
            (*.ciamlogin.com and the emulator by default) is intercepted with a leaf signed by the \
            authtape CA (see `authtape ca export`); other hosts are tunnelled untouched.

            Stop with Ctrl-C (SIGINT) or SIGTERM to write the capture; after a crash run \
            `authtape recover`.
            """)

    @Option(help: "Upstream base URL, e.g. https://contoso.ciamlogin.com. Default: an embedded emulator.")
    var upstream: String?

    @Flag(help: "Run as an HTTP proxy with CONNECT instead of a reverse proxy.")
    var forward = false

    @Option(help: "Address to listen on.")
    var listen = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free port).")
    var port = 8080

    @Option(help: "The HAR file to write.")
    var out = "capture.har"

    @Option(help: "A YAML file of redaction rules added to the defaults.")
    var rules: String?

    @Option(help: "Largest request body accepted, in bytes (larger ones get a 413).")
    var maxBody = 1 << 20

    @Option(name: .customLong("capture-host"), help: "Another host pattern to capture in forward mode (repeatable).")
    var captureHosts: [String] = []

    @Option(help: "Event-loop threads of the proxy (default: one per core; captures are written on a thread of their own).")
    var threads: Int?

    @Flag(help: "Do not verify the upstream's TLS certificate (for tests only).")
    var insecureUpstream = false

    @Flag(help: "Print no line per exchange.")
    var quiet = false

    @Flag(name: .customLong("json-log"), help: "Print each exchange as one JSON object per line.")
    var jsonLog = false

    @OptionGroup(title: "HTTPS on the listening side (reverse mode)") var tlsOptions: TLSOptions

    func validate() throws {
        if quiet && jsonLog { throw ValidationError("--quiet and --json-log exclude each other") }
        if maxBody <= 0 { throw ValidationError("--max-body must be positive") }
        if let threads, threads <= 0 { throw ValidationError("--threads must be positive") }
        if forward, tlsOptions.isEnabled {
            throw ValidationError(
                "--tls and --tls-cert are for reverse mode's listening side; --forward intercepts TLS after CONNECT")
        }
        if let upstream {
            do { _ = try Upstream(url: upstream) } catch { throw ValidationError(error.description) }
        }
    }

    func run() async throws {
        let capture = try captureSettings()
        let listenTLS = try tlsOptions.serverTLS()
        var emulator: RunningEmulator?
        var tenant = upstream.flatMap(Self.tenantDomain(upstream:)) ?? "<tenant>.onmicrosoft.com"
        let target: RecordingPlan.Target
        if let upstream {
            target = .upstream(try Upstream(url: upstream))
        } else {
            let quiet = Logger(label: "authtape.record.emulator") { _ in SwiftLogNoOpLogHandler() }
            let running = try await EmulatorServer.start(core: try EmulatorCore(logger: quiet), logger: quiet)
            emulator = running
            tenant = running.core.config.tenant.domain
            target = .local(port: running.port)
        }
        let plan = plan(target, listenTLS: listenTLS)
        var configuration: RecordingSession.Configuration
        do {
            configuration = try plan.configuration(capture: capture)
        } catch {
            await emulator?.shutdown()
            throw error
        }
        configuration.consoleFormat = quiet ? nil : (jsonLog ? .json : .text)

        let session: RecordingSession
        do {
            session = try await RecordingSession.start(configuration)
        } catch {
            await emulator?.shutdown()
            throw error
        }
        if let leftover = session.writer.leftover {
            printError("recovered \(leftover.entries) entries of an interrupted recording into \(leftover.path)")
        }
        let destination = forward ? "forward proxy" : "→ \(emulator == nil ? plan.upstreamName : "embedded emulator")"
        if let listenTLS { printError(listenTLS.summary) }
        printError("record: listening on \(session.proxy.url) (\(destination)); writing \(out); Ctrl-C to stop")
        if !forward { printError("authority: \(session.proxy.url)/\(tenant)") }
        if forward, let authority = configuration.proxy.certificateAuthority {
            printError("interception CA: \(authority.certificateURL.path)")
        }
        _ = await TerminationSignal.wait()
        let entries = try await session.stop()
        await emulator?.shutdown()
        printError("wrote \(entries) entries to \(out)")
    }

    /// The capture settings: the output and the rule file, read before anything starts (a bad one is
    /// bad input, 2, named with its path).
    private func captureSettings() throws -> CaptureWriter.Settings {
        var capture = CaptureWriter.Settings(outputPath: out)
        if let rules {
            do {
                capture.ruleSet = try RuleFile.load(path: rules)
            } catch {
                throw CLIFailure.badInput("\(error)")
            }
            capture.ruleSetName = "native-auth-default+\(URL(fileURLWithPath: rules).lastPathComponent)"
        }
        return capture
    }

    /// The options as the recorder's plan.
    private func plan(_ target: RecordingPlan.Target, listenTLS: ServerTLS?) -> RecordingPlan {
        var plan = RecordingPlan(target: target)
        plan.forward = forward
        plan.listenHost = listen
        plan.port = port
        plan.maxRequestBody = maxBody
        plan.threads = threads
        plan.captureHosts = captureHosts
        plan.insecureUpstream = insecureUpstream
        plan.listenTLS = listenTLS?.configuration
        return plan
    }

    /// `contoso.onmicrosoft.com` for an upstream on `contoso.ciamlogin.com`, nil for other hosts.
    static func tenantDomain(upstream: String) -> String? {
        guard let host = URLComponents(string: upstream)?.host?.lowercased(), host.hasSuffix(".ciamlogin.com"),
            let name = host.split(separator: ".").first, host.split(separator: ".").count == 3
        else { return nil }
        return "\(name).onmicrosoft.com"
    }
}
