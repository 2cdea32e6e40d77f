import Foundation
import Fuzz
import HAR
import NativeAuthWire
import Oracle

/// Where `authtape fuzz --serve` gets the answers it mutates.
public enum MutatingServerSource: Sendable {
    /// Recorded answers, served per endpoint in recorded order (cycling when a client asks again).
    case capture(CaptureAnswers)
    /// A real server (the emulator, a tenant) the requests are forwarded to: `http(s)://host[:port][/prefix]`.
    case upstream(URL)
}

/// The answers of a capture, grouped by method and endpoint path (the part from `/oauth2/`,
/// `/signup/`, `/register/`, `/resetpassword/` or V2's `/api/` on, so the tenant segment does not matter).
/// V2 requests (JSON bodies, `PUT`) match on method and path the same way; a recorded `REDACTED-…`
/// segment matches any value.
public struct CaptureAnswers: Sendable {
    private var answers: [String: [FuzzResponse]]
    /// Per-key request counters.
    private let counters = Locked<[String: Int]>([:])

    /// Reads the capture at `path`.
    public init(contentsOf path: String) throws(HARError) {
        let document = try HARReader.read(contentsOf: path)
        var grouped: [String: [FuzzResponse]] = [:]
        for entry in document.log.entries where entry.response.status != 0 {
            let path = URLComponents(string: entry.request.url)?.path ?? entry.request.url
            let body = (try? entry.response.content.bodyBytes()) ?? []
            let response = FuzzResponse(
                status: entry.response.status,
                headers: entry.response.headers.map { FuzzResponse.Header($0.name, $0.value) }, body: body)
            let form = Array((entry.request.postData?.text ?? "").utf8)
            grouped[CaptureAnswers.key(entry.request.method, path, form: form), default: []].append(response)
        }
        answers = grouped
    }

    /// Answers given directly (tests), keyed by ``key(_:_:)``.
    public init(answers: [String: [FuzzResponse]]) { self.answers = answers }

    /// Number of recorded answers.
    public var count: Int { answers.values.reduce(0) { $0 + $1.count } }

    /// The next recorded answer for this request, nil when the capture has none for its endpoint.
    public func next(method: String, path: String) -> FuzzResponse? {
        next(key: CaptureAnswers.key(method, path))
    }

    /// The next recorded answer for `request` (its form tells a V2 authorization's start from its
    /// resume), nil when the capture has none for its endpoint.
    public func next(for request: ServerRequest) -> FuzzResponse? {
        next(key: CaptureAnswers.key(request.method, request.path, form: request.body))
    }

    /// The answers of `key`, else of the first recorded key (in sorted order) whose `REDACTED-…`
    /// segments stand for the request's values (a V2 method id the redactor replaced in the path).
    private func next(key: String) -> FuzzResponse? {
        let matched = answers[key] != nil ? key
            : answers.keys.filter { $0.contains(CaptureAnswers.placeholder) }.sorted().first { CaptureAnswers.matches(pattern: $0, key) }
        guard let matched, let list = answers[matched], !list.isEmpty else { return nil }
        let served = counters.withLock { counts in
            defer { counts[matched, default: 0] += 1 }
            return counts[matched, default: 0]
        }
        return list[served % list.count]
    }

    /// `METHOD /endpoint/path`, the tenant segment removed.
    public static func key(_ method: String, _ path: String) -> String {
        method.uppercased() + " " + endpointPath(path)
    }

    /// ``key(_:_:)``, and ` resume` after a V2 `authorize-challenge` that carries a continuation token
    /// (O2), so the start (O1) and the resume of an authorization keep their own recorded answers.
    public static func key(_ method: String, _ path: String, form: [UInt8]) -> String {
        let base = key(method, path)
        guard base.hasSuffix(V2Path.authorizeChallenge), FormCodec.firstValue(named: V2Key.continuationTokenForm, in: form) != nil else { return base }
        return base + " resume"
    }

    /// The start of a redaction placeholder (`REDACTED-method_id-2`).
    static let placeholder = Placeholder.prefix

    /// Whether a recorded key matches a request's: the same segments, a recorded placeholder segment
    /// standing for any value.
    static func matches(pattern: String, _ key: String) -> Bool {
        let recorded = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let asked = key.split(separator: "/", omittingEmptySubsequences: false)
        return recorded.count == asked.count && zip(recorded, asked).allSatisfy { $0 == $1 || $0.hasPrefix(placeholder) }
    }

    /// The path from the earliest native-auth prefix on — `/oauth2/`, `/signup/`, `/register/`,
    /// `/resetpassword/`, or V2's server-driven `/api/` — (the whole path when there is none).
    public static func endpointPath(_ path: String) -> String {
        let starts = ["/oauth2/", "/signup/", "/register/", "/resetpassword/", "/api/"].compactMap { path.range(of: $0)?.lowerBound }
        guard let start = starts.min() else { return path }
        return String(path[start...])
    }

    /// The oracle step a request most likely belongs to (operators use it to pick errors that reach it).
    public static func step(path: String, form: [UInt8]) -> Step {
        let endpoint = NativeAuthEndpoint.recognise(path: path)
        let grant = FormCodec.firstValue(named: WireField.grantType, in: form) ?? ""
        if endpoint == .token {
            switch grant {
            case "password": return .signInSubmitPassword
            case "oob": return .signInSubmitCode
            case "mfa_oob": return .mfaSubmitChallenge
            case "refresh_token": return .getAccessToken
            default: return .signInAfterSignUp
            }
        }
        if endpoint == .signUpContinue {
            switch grant {
            case "password": return .signUpSubmitPassword
            case "attributes": return .signUpSubmitAttributes
            default: return .signUpSubmitCode
            }
        }
        return endpoint.flatMap { endpoint in Step.allCases.first { $0.endpointPath == endpoint.path } } ?? .signInInitiate
    }
}
