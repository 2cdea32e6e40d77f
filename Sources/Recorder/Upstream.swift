import Foundation

/// Where the proxy forwards requests: a scheme, host and port.
public struct Upstream: Sendable, Hashable, CustomStringConvertible {
    /// Whether the upstream is reached over TLS.
    public var isTLS: Bool
    /// Host name or address, used for the TLS server name and the `Host` header.
    public var host: String
    /// TCP port.
    public var port: Int

    /// Creates an upstream.
    public init(host: String, port: Int, isTLS: Bool) {
        self.host = host
        self.port = port
        self.isTLS = isTLS
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

    /// `scheme://host[:port]` with the port left out when it is the scheme's default.
    public var description: String {
        let scheme = isTLS ? "https" : "http"
        let defaultPort = isTLS ? 443 : 80
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return port == defaultPort ? "\(scheme)://\(hostPart)" : "\(scheme)://\(hostPart):\(port)"
    }

    /// The value for a `Host` header naming this upstream.
    var hostHeader: String {
        let defaultPort = isTLS ? 443 : 80
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return port == defaultPort ? hostPart : "\(hostPart):\(port)"
    }
}
