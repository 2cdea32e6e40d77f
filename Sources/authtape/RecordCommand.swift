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
        // The rule file is read before anything starts: a bad one is bad input (2), named with its path.
        var capture = CaptureWriter.Settings(outputPath: out)
        if let rules {
            do {
                capture.ruleSet = try RuleFile.load(path: rules)
            } catch {
                throw CLIFailure.badInput("\(error)")
            }
            capture.ruleSetName = "native-auth-default+\(URL(fileURLWithPath: rules).lastPathComponent)"
        }
        let listenTLS = try tlsOptions.serverTLS()
        var emulator: RunningEmulator?
        var proxySettings: RecorderSettings
        var upstreamName: String
        var tenant = upstream.flatMap(Self.tenantDomain(upstream:)) ?? "<tenant>.onmicrosoft.com"
        if let upstream {
            let parsed = try Upstream(url: upstream)
            proxySettings = RecorderSettings(mode: forward ? .forward : .reverse(parsed))
            upstreamName = parsed.description
        } else {
            let quiet = Logger(label: "authtape.record.emulator") { _ in SwiftLogNoOpLogHandler() }
            let running = try await EmulatorServer.start(core: try EmulatorCore(logger: quiet), logger: quiet)
            emulator = running
            tenant = running.core.config.tenant.domain
            let local = Upstream(host: "127.0.0.1", port: running.port, isTLS: false)
            proxySettings = RecorderSettings(mode: forward ? .forward : .reverse(local))
            upstreamName = "emulator"
            let host = CaptureFilter.emulatorHost
            proxySettings.addressOverrides[host] = HostAndPort(host: "127.0.0.1", port: running.port)
            proxySettings.plainHTTPHosts.insert(host)
        }
        proxySettings.listenHost = listen
        proxySettings.port = port
        proxySettings.maxRequestBody = maxBody
        if let threads { proxySettings.eventLoopThreads = threads }
        proxySettings.captureFilter = CaptureFilter(patterns: CaptureFilter.default.patterns + captureHosts)
        if insecureUpstream { proxySettings.upstreamVerification = .insecure }
        proxySettings.listenTLS = listenTLS?.configuration
        if forward { proxySettings.certificateAuthority = try CertificateAuthority.loadOrCreate() }

        capture.mode = forward ? "forward-proxy" : "reverse-proxy"
        capture.upstream = upstreamName
        var configuration = RecordingSession.Configuration(proxy: proxySettings, capture: capture)
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
        let target = forward ? "forward proxy" : "→ \(upstreamName == "emulator" ? "embedded emulator" : upstreamName)"
        if let listenTLS { printError(listenTLS.summary) }
        printError("record: listening on \(session.proxy.url) (\(target)); writing \(out); Ctrl-C to stop")
        if !forward { printError("authority: \(session.proxy.url)/\(tenant)") }
        if forward, let authority = proxySettings.certificateAuthority {
            printError("interception CA: \(authority.certificateURL.path)")
        }
        _ = await TerminationSignal.wait()
        let entries = try await session.stop()
        await emulator?.shutdown()
        printError("wrote \(entries) entries to \(out)")
    }

    /// `contoso.onmicrosoft.com` for an upstream on `contoso.ciamlogin.com`, nil for other hosts.
    static func tenantDomain(upstream: String) -> String? {
        guard let host = URLComponents(string: upstream)?.host?.lowercased(), host.hasSuffix(".ciamlogin.com"),
            let name = host.split(separator: ".").first, host.split(separator: ".").count == 3
        else { return nil }
        return "\(name).onmicrosoft.com"
    }
}
