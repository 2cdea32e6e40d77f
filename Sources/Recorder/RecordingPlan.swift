import Foundation
import NIOSSL

/// What a user asks `authtape record` for, turned into the recorder's settings: where the proxy
/// sends requests (a given upstream, or a local server such as the embedded emulator), in which
/// mode, with which limits. The command parses arguments into a plan and starts what it names.
public struct RecordingPlan: Sendable {
    /// Where requests go.
    public enum Target: Sendable {
        /// A server given by URL (`--upstream`).
        case upstream(Upstream)
        /// A plain-HTTP server on loopback (the embedded emulator), reachable in forward mode under
        /// ``CaptureFilter/emulatorHost``.
        case local(port: Int)
    }

    public var target: Target
    /// An HTTP proxy with CONNECT instead of a reverse proxy.
    public var forward = false
    public var listenHost = "127.0.0.1"
    public var port = 8080
    public var maxRequestBody = 1 << 20
    /// Event-loop threads; nil keeps one per core.
    public var threads: Int?
    /// Host patterns captured in forward mode besides the default ones.
    public var captureHosts: [String] = []
    /// Skip verifying the upstream's certificate (tests only).
    public var insecureUpstream = false
    /// HTTPS on the listening side (reverse mode).
    public var listenTLS: TLSConfiguration?

    public init(target: Target) { self.target = target }

    /// The upstream's name for the capture's `_authtape.upstream` and the console: its URL, or
    /// `emulator` for the local server.
    public var upstreamName: String {
        switch target {
        case .upstream(let upstream): upstream.description
        case .local: "emulator"
        }
    }

    /// The proxy settings of the plan (forward mode loads or creates the interception CA).
    public func settings() throws -> RecorderSettings {
        var settings: RecorderSettings
        switch target {
        case .upstream(let upstream):
            settings = RecorderSettings(mode: forward ? .forward : .reverse(upstream))
        case .local(let localPort):
            settings = RecorderSettings(mode: forward ? .forward : .reverse(Upstream(host: "127.0.0.1", port: localPort, isTLS: false)))
            settings.addressOverrides[CaptureFilter.emulatorHost] = HostAndPort(host: "127.0.0.1", port: localPort)
            settings.plainHTTPHosts.insert(CaptureFilter.emulatorHost)
        }
        settings.listenHost = listenHost
        settings.port = port
        settings.maxRequestBody = maxRequestBody
        if let threads { settings.eventLoopThreads = threads }
        settings.captureFilter = CaptureFilter(patterns: CaptureFilter.default.patterns + captureHosts)
        if insecureUpstream { settings.upstreamVerification = .insecure }
        settings.listenTLS = listenTLS
        if forward { settings.certificateAuthority = try CertificateAuthority.loadOrCreate() }
        return settings
    }

    /// The session configuration: the plan's proxy settings and `capture`, with the mode and the
    /// upstream's name filled in.
    public func configuration(capture: CaptureWriter.Settings) throws -> RecordingSession.Configuration {
        var capture = capture
        capture.mode = forward ? "forward-proxy" : "reverse-proxy"
        capture.upstream = upstreamName
        return RecordingSession.Configuration(proxy: try settings(), capture: capture)
    }
}
