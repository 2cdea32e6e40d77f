import Foundation

/// The credential egress verdict of one case (issue 26 point 5): whether the modelled client sent a
/// credential (a continuation token, password, code, OTP, new password or token) to an origin other than
/// the configured authority's, or over `http:`. MSAL iOS and msal-browser follow absolute hrefs unchecked
/// (native-auth-v2.md §1.9, §4) while the docs say to validate them, so such a case is a risk of the SDK's
/// behaviour the user should know of: reports list it as `egress`, apart from findings, and it fails nothing.
///
/// Only credential **kinds** and origins are kept; no value of a request is ever held or printed.
public struct CredentialEgress: Sendable, Hashable {
    /// What a request can carry that must stay with the authority.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        case continuationToken, password, code, otp, newPassword, token

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    /// Why a request's destination is not the authority.
    public enum Reason: String, Sendable, Hashable {
        /// Scheme, host or port differ from the authority's.
        case otherOrigin = "other origin"
        /// The authority's host (at the default port), but `http:` while the authority is `https:`.
        case plainHTTP = "http"
    }

    /// One request that sent credentials where they should not go.
    public struct Leak: Sendable, Hashable {
        /// The position of the request among the requests judged.
        public var request: Int
        /// `scheme://host[:port]` of the destination (never a path or query).
        public var origin: String
        public var reason: Reason
        /// The credential kinds the request carried, in ``Kind`` order.
        public var kinds: [Kind]
    }

    /// The requests that sent credentials outside the authority, in order (empty: no egress).
    public var leaks: [Leak]

    /// True when some credential left the authority.
    public var isEgress: Bool { !leaks.isEmpty }

    /// Every kind that left, in ``Kind`` order.
    public var kinds: [Kind] { Array(Set(leaks.flatMap(\.kinds))).sorted() }

    /// The verdict over `requests` (URL, headers, body as sent) for a client configured with `authority`.
    /// A `http:` request counts only when the authority itself is `https:` (an `http:` authority is a local
    /// emulator, as the engine's `.sameOriginHTTPSOnly` link policy allows).
    public init(authority: URL, requests: [(url: String, headers: [(String, String)], body: [UInt8])]) {
        let home = Self.origin(of: authority)
        var leaks: [Leak] = []
        for (index, request) in requests.enumerated() {
            guard let url = URL(string: request.url), let origin = Self.origin(of: url) else { continue }
            let reason: Reason
            if origin == home {
                continue
            } else if origin.scheme == "http", home?.scheme == "https", origin.host == home?.host, origin.port == home?.port {
                reason = .plainHTTP
            } else {
                reason = .otherOrigin
            }
            let kinds = CredentialScan.kinds(headers: request.headers, body: request.body)
            guard !kinds.isEmpty else { continue }
            leaks.append(Leak(request: index, origin: origin.text, reason: reason, kinds: kinds))
        }
        self.leaks = leaks
    }

    /// The verdict over the requests a case's engine sent (``Observation/requests``).
    public init(authority: URL, sent: [SentRequest]) {
        self.init(authority: authority, requests: sent.map { ($0.url, $0.headers.map { ($0.name, $0.value) }, $0.body) })
    }

    /// One report line, or nil when nothing left the authority:
    /// `egress: <case> at <step>: password, continuationToken to https://evil.example:8443 (other origin)`,
    /// one `kinds to origin (reason)` part per leaking request, joined with `; `.
    public func reportLine(caseId: String, step: String) -> String? {
        guard isEgress else { return nil }
        let parts = leaks.map { leak in
            leak.kinds.map(\.rawValue).joined(separator: ", ") + " to \(leak.origin) (\(leak.reason.rawValue))"
        }
        return "egress: \(caseId) at \(step): " + parts.joined(separator: "; ")
    }

    /// `scheme://host[:port]`, lower-cased, default ports dropped.
    struct Origin: Hashable {
        var scheme: String
        var host: String
        var port: Int?
        var text: String { "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "") }
    }

    static func origin(of url: URL) -> Origin? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        let port = url.port == defaultPort ? nil : url.port
        return Origin(scheme: scheme, host: host, port: port)
    }
}
