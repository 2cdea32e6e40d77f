import Foundation
import HAR
import Oracle

/// Where `authtape fuzz --serve` gets the answers it mutates.
public enum MutatingServerSource: Sendable {
    /// Recorded answers, served per endpoint in recorded order (cycling when a client asks again).
    case capture(CaptureAnswers)
    /// A real server (the emulator, a tenant) the requests are forwarded to: `http(s)://host[:port][/prefix]`.
    case upstream(URL)
}

/// The answers of a capture, grouped by method and endpoint path (the part from `/oauth2/`,
/// `/signup/`, `/register/` or `/resetpassword/` on, so the tenant segment does not matter).
public struct CaptureAnswers: Sendable {
    private var answers: [String: [FuzzResponse]]
    private let counters = AnswerCounters()

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
            grouped[CaptureAnswers.key(entry.request.method, path), default: []].append(response)
        }
        answers = grouped
    }

    /// Answers given directly (tests), keyed by ``key(_:_:)``.
    public init(answers: [String: [FuzzResponse]]) { self.answers = answers }

    /// Number of recorded answers.
    public var count: Int { answers.values.reduce(0) { $0 + $1.count } }

    /// The next recorded answer for this request, nil when the capture has none for its endpoint.
    public func next(method: String, path: String) -> FuzzResponse? {
        let key = CaptureAnswers.key(method, path)
        guard let list = answers[key], !list.isEmpty else { return nil }
        return list[counters.next(key) % list.count]
    }

    /// `METHOD /endpoint/path`, the tenant segment removed.
    public static func key(_ method: String, _ path: String) -> String {
        method.uppercased() + " " + endpointPath(path)
    }

    /// The path from the first native-auth prefix on (the whole path when there is none).
    public static func endpointPath(_ path: String) -> String {
        for prefix in ["/oauth2/", "/signup/", "/register/", "/resetpassword/"] {
            if let range = path.range(of: prefix) { return String(path[range.lowerBound...]) }
        }
        return path
    }

    /// The oracle step a request most likely belongs to (operators use it to pick errors that reach it).
    public static func step(path: String, form: [UInt8]) -> Step {
        let endpoint = endpointPath(path)
        let grant = FormReader.value(of: "grant_type", in: form) ?? ""
        if endpoint.hasSuffix("/oauth2/v2.0/token") {
            switch grant {
            case "password": return .signInSubmitPassword
            case "oob": return .signInSubmitCode
            case "mfa_oob": return .mfaSubmitChallenge
            case "refresh_token": return .getAccessToken
            default: return .signInAfterSignUp
            }
        }
        if endpoint.hasSuffix("/signup/v1.0/continue") {
            switch grant {
            case "password": return .signUpSubmitPassword
            case "attributes": return .signUpSubmitAttributes
            default: return .signUpSubmitCode
            }
        }
        return Step.allCases.first { endpoint.hasSuffix($0.endpointPath) } ?? .signInInitiate
    }
}

/// Per-endpoint request counters.
final class AnswerCounters: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    func next(_ key: String) -> Int {
        lock.withLock {
            defer { counts[key, default: 0] += 1 }
            return counts[key, default: 0]
        }
    }
}
