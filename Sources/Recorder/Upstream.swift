import Foundation

/// Where the proxy forwards requests: a scheme, host and port.
///
/// Its URL prefix and `Host` value are made once, not for every request forwarded; equality and
/// hashing (the connection pool's key) use the scheme, host and port only.
public struct Upstream: Sendable, Hashable, CustomStringConvertible {
    /// Whether the upstream is reached over TLS.
    public let isTLS: Bool
    /// Host name or address, used for the TLS server name and the `Host` header.
    public let host: String
    /// TCP port.
    public let port: Int
    /// `scheme://host[:port]` with the port left out when it is the scheme's default.
    public let description: String
    /// The value for a `Host` header naming this upstream.
    let hostHeader: String

    /// Creates an upstream.
    public init(host: String, port: Int, isTLS: Bool) {
        self.host = host
        self.port = port
        self.isTLS = isTLS
        let defaultPort = isTLS ? 443 : 80
        let hostPart = host.contains(":") ? "[\(host)]" : host
        hostHeader = port == defaultPort ? hostPart : "\(hostPart):\(port)"
        description = (isTLS ? "https://" : "http://") + hostHeader
    }

    /// Parses `http://host[:port]` or `https://host[:port]` (a path, if any, is ignored).
    public init(url string: String) throws(RecorderError) {
        guard let components = URLComponents(string: string), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw .invalidUpstream(string)
        }
        let tls = scheme == "https"
        self.init(host: host, port: components.port ?? (tls ? 443 : 80), isTLS: tls)
    }

    public static func == (lhs: Upstream, rhs: Upstream) -> Bool {
        lhs.isTLS == rhs.isTLS && lhs.port == rhs.port && lhs.host == rhs.host
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(isTLS)
        hasher.combine(host)
        hasher.combine(port)
    }
}
