import Foundation

/// An authority URL and the endpoint URLs built from it (spec §1.1).
///
/// - A tenant subdomain `contoso` gives `https://contoso.ciamlogin.com/contoso.onmicrosoft.com`.
/// - A bare `https://X.ciamlogin.com` (empty path or `/`) is normalised to `https://X.ciamlogin.com/X.onmicrosoft.com`.
/// - Any other authority (custom domain with a tenant GUID, a mock server with `/testTenant`) is kept as given;
///   trailing slashes of its path are dropped so that `path + suffix` never has `//`.
/// - Endpoint URL = authority path + ``NativeAuthEndpoint/path``; the authority's query is kept and a `dc`
///   query item is added when a slice data centre is set.
public struct NativeAuthAuthority: Hashable, Sendable, CustomStringConvertible {
    /// The normalised authority URL (no trailing slash on its path).
    public let url: URL
    /// Optional slice data centre, sent as `?dc=`.
    public var sliceDataCenter: String?

    /// The host suffix of CIAM authorities.
    public static let ciamHostSuffix = ".ciamlogin.com"

    /// Creates the authority of a tenant subdomain:
    /// `contoso` → `https://contoso.ciamlogin.com/contoso.onmicrosoft.com`.
    public init(tenantSubdomain: String) throws(NativeAuthAuthorityError) {
        try self.init(string: "https://\(tenantSubdomain)\(Self.ciamHostSuffix)")
    }

    /// Parses and normalises an authority URL string.
    public init(string: String, sliceDataCenter: String? = nil) throws(NativeAuthAuthorityError) {
        guard let url = URL(string: string) else { throw .invalidURL(string) }
        try self.init(url: url, sliceDataCenter: sliceDataCenter)
    }

    /// Normalises an authority URL: it needs a scheme and a host; see the type documentation.
    public init(url: URL, sliceDataCenter: String? = nil) throws(NativeAuthAuthorityError) {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme, !scheme.isEmpty,
            let host = components.host, !host.isEmpty
        else { throw .invalidURL(url.absoluteString) }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let lowerHost = host.lowercased()
        if path.isEmpty, lowerHost.hasSuffix(Self.ciamHostSuffix) {
            let subdomain = lowerHost.dropLast(Self.ciamHostSuffix.count)
            if !subdomain.isEmpty, !subdomain.contains(".") { path = "/\(subdomain).onmicrosoft.com" }
        }
        components.percentEncodedPath = path
        components.fragment = nil
        guard let normalised = components.url else { throw .invalidURL(url.absoluteString) }
        self.url = normalised
        self.sliceDataCenter = sliceDataCenter
    }

    /// The full URL of `endpoint` under this authority.
    public func url(for endpoint: NativeAuthEndpoint) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.percentEncodedPath += endpoint.path
        if let dc = sliceDataCenter {
            components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "dc", value: dc)]
        }
        return components.url ?? url
    }

    /// The tenant segment of the authority path (last path segment), e.g. `contoso.onmicrosoft.com`.
    public var tenant: String? { Self.tenant(inAuthorityPath: url.path) }

    public var description: String { url.absoluteString }

    /// The tenant segment of a request path or URL: the last segment before the endpoint suffix.
    ///
    /// `/contoso.onmicrosoft.com/signup/v1.0/start` → `contoso.onmicrosoft.com`; a GUID tenant works the same;
    /// a bare `/signup/v1.0/start` or an unknown endpoint gives nil.
    public static func tenant(inRequestPath path: String) -> String? {
        guard let match = NativeAuthEndpoint.match(path: path) else { return nil }
        return tenant(inAuthorityPath: match.prefix)
    }

    /// The last non-empty segment of an authority path, percent-decoded.
    public static func tenant(inAuthorityPath path: String) -> String? {
        guard let last = path.split(separator: "/", omittingEmptySubsequences: true).last else { return nil }
        return String(last).removingPercentEncoding ?? String(last)
    }
}

/// An authority that cannot be used to build endpoint URLs.
public enum NativeAuthAuthorityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The string is not an absolute URL with a scheme and a host.
    case invalidURL(String)

    public var description: String {
        switch self {
        case .invalidURL(let string): "authority '\(string)' is not an absolute URL with a scheme and a host"
        }
    }
}
