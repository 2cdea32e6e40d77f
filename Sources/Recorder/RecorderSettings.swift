import Foundation
import NIOCore
import NIOSSL

/// Options of a ``RecordingProxy``: mode, listen address, limits, timeouts and upstream trust.
public struct RecorderSettings: Sendable {
    /// How requests find their upstream.
    public enum Mode: Sendable, Hashable {
        /// Serve as the upstream itself: every request path is forwarded unchanged to this upstream.
        case reverse(Upstream)
        /// An HTTP proxy with CONNECT; hosts matching the capture filter are intercepted.
        case forward
    }

    /// How the certificate of a TLS upstream is checked.
    public enum UpstreamVerification: Sendable, Hashable {
        /// The system trust store and the host name (the default).
        case full
        /// Only the given PEM certificates are trusted as roots, with host name checking.
        case trustRoots(pem: String)
        /// No verification at all. For tests only (`--insecure-upstream`).
        case insecure
    }

    /// Reverse or forward mode.
    public var mode: Mode
    /// Address to listen on; loopback unless told otherwise.
    public var listenHost: String = "127.0.0.1"
    /// Port to listen on; 0 picks a free port (read it from ``RecordingProxy/port``).
    public var port: Int = 0
    /// Largest request body accepted; larger ones get a 413.
    public var maxRequestBody: Int = 1 << 20
    /// Largest response body kept in the capture; the client always receives the whole body.
    public var maxCapturedResponseBody: Int = 16 << 20
    /// A client connection with no request in flight that sends nothing for this long is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// A request must arrive completely (head and body) within this time of its first byte.
    public var headerTimeout: Duration = .seconds(10)
    /// Time allowed to connect to the upstream (including the TLS handshake).
    public var upstreamConnectTimeout: Duration = .seconds(10)
    /// Time allowed for the upstream's whole response after the request was sent.
    public var upstreamResponseTimeout: Duration = .seconds(60)
    /// How TLS upstreams are verified.
    public var upstreamVerification: UpstreamVerification = .full
    /// Idle upstream connections kept per upstream and event loop.
    public var maxIdleUpstreamConnections: Int = 256
    /// Event-loop threads of the proxy when it creates its own group, one per core by default
    /// (on 2 cores, two loops recorded 8,200–8,500 exchanges/s against 6,500–7,600 with one; on a
    /// machine busy with other work one loop can do better: `--threads`).
    public var eventLoopThreads: Int = System.coreCount
    /// Hosts whose traffic is captured in forward mode (TLS to them is intercepted).
    public var captureFilter: CaptureFilter = .default
    /// Where a host name really is: requests for a key host connect to the value instead
    /// (the TLS server name and `Host` stay the key). Used for the embedded emulator and tests.
    public var addressOverrides: [String: HostAndPort] = [:]
    /// Hosts whose intercepted traffic goes upstream over plain HTTP (the embedded emulator).
    public var plainHTTPHosts: Set<String> = []
    /// The CA signing interception leaves; required for interception in forward mode.
    public var certificateAuthority: CertificateAuthority?
    /// Reverse mode: clients speak TLS to the proxy with this configuration (`authtape record --tls`).
    public var listenTLS: TLSConfiguration?

    /// Creates settings for `mode` with defaults for everything else.
    public init(mode: Mode) {
        self.mode = mode
    }
}

/// A host name or address with a port.
public struct HostAndPort: Sendable, Hashable, CustomStringConvertible {
    /// Host name or IP address.
    public var host: String
    /// TCP port.
    public var port: Int

    /// Creates a host and port.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `host:port`.
    public var description: String { "\(host):\(port)" }

    /// Parses an authority such as `example.com:443` or `[::1]:8443`, with `defaultPort` when none is given.
    init?(authority: String, defaultPort: Int) {
        var text = Substring(authority)
        var host: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            text = text[text.index(after: close)...]
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            text = text[colon...]
        } else {
            host = text
            text = ""
        }
        var port = defaultPort
        if text.hasPrefix(":") {
            guard let parsed = Int(text.dropFirst()), (1...65535).contains(parsed) else { return nil }
            port = parsed
        } else if !text.isEmpty {
            return nil
        }
        guard !host.isEmpty else { return nil }
        self.init(host: String(host), port: port)
    }
}

/// Host patterns whose traffic is captured: `example.com` matches itself, `*.example.com` any subdomain.
public struct CaptureFilter: Sendable, Hashable {
    /// The patterns, lowercased.
    public private(set) var patterns: [String]

    /// The default filter: the Entra External ID login domain and the embedded emulator.
    public static let `default` = CaptureFilter(patterns: ["*.ciamlogin.com", CaptureFilter.emulatorHost])

    /// Host name under which forward mode reaches the embedded emulator.
    public static let emulatorHost = "emulator.authtape.localhost"

    /// Creates a filter from patterns.
    public init(patterns: [String]) {
        self.patterns = patterns.map { $0.lowercased() }
    }

    /// Whether `host` matches any pattern.
    public func matches(_ host: String) -> Bool {
        let host = host.lowercased()
        return patterns.contains { pattern in
            if pattern.hasPrefix("*.") {
                return host.hasSuffix(pattern.dropFirst()) && host.count > pattern.count - 1
            }
            return host == pattern
        }
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
