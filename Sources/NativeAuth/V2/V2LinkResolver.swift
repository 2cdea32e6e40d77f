import Foundation
import NativeAuthWire

/// Turns the hrefs of V2 answers and the fixed V2 paths into URLs (spec native-auth-v2 §1.1, §1.9).
///
/// A relative href is resolved against the authority's origin, its path and query kept as returned.
/// An absolute `http(s)` href is followed as is (MSAL iOS), unless the policy refuses other origins and
/// `http:`. The `dc` slice query is appended when configured and absent.
struct V2LinkResolver: Sendable {
    let authority: URL
    let sliceDc: String?
    let policy: MSALNativeAuthV2LinkPolicy

    /// Why an href cannot be followed.
    struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// A fixed path (``V2Path``) under the authority's tenant path.
    func fixed(_ path: String) -> URL {
        var base = authority.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return withSlice(URL(string: base + path) ?? authority.appendingPathComponent(path))
    }

    /// The URL an href points to, or why it is refused.
    func resolve(_ href: String) -> Result<URL, Refusal> {
        let trimmed = href.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(Refusal(reason: "empty link")) }
        guard let origin = Self.origin(of: authority) else {
            return .failure(Refusal(reason: "the authority has no origin"))
        }
        guard let url = URL(string: trimmed, relativeTo: origin)?.absoluteURL, let scheme = url.scheme?.lowercased(),
            url.host != nil
        else { return .failure(Refusal(reason: "link is not a URL")) }
        guard scheme == "http" || scheme == "https" else {
            return .failure(Refusal(reason: "link scheme '\(scheme)' is not http(s)"))
        }
        if policy == .sameOriginHTTPSOnly {
            // `http:` is refused unless the authority itself is `http:` (a local emulator).
            guard scheme == "https" || origin.scheme == "http" else {
                return .failure(Refusal(reason: "link is not https"))
            }
            guard Self.origin(of: url) == origin else {
                return .failure(Refusal(reason: "link leaves the authority's origin"))
            }
        }
        return .success(withSlice(url))
    }

    /// `scheme://host[:port]/` of a URL, lower-cased, default ports dropped.
    static func origin(of url: URL) -> URL? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        if let port = url.port, port != defaultPort { components.port = port }
        components.path = "/"
        return components.url
    }

    private func withSlice(_ url: URL) -> URL {
        guard let sliceDc, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = components.queryItems ?? []
        guard !items.contains(where: { $0.name == "dc" }) else { return url }
        items.append(URLQueryItem(name: "dc", value: sliceDc))
        components.queryItems = items
        return components.url ?? url
    }
}
