import HAR
import NativeAuthWire
import Replay

/// The sequence state of `authtape mock`: which recorded exchanges have been served. A request gets the
/// first unused exchange (in recorded order) that matches it, so identical requests are answered in
/// recorded sequence and interleaved flows still work; anything else is refused, naming the closest
/// recorded request and the differing fields. A request to a V1 endpoint (and V2's code exchange at the
/// token endpoint) is matched against the V1 exchanges with ``RequestMatcher``; any other request, when
/// the capture has V2 exchanges, against those with ``V2RequestMatcher``. Recorded placeholders match
/// any value.
public struct MockSequence: Sendable {
    /// What to do with one request.
    public enum Answer: Sendable {
        /// Serve this recorded response.
        case serve(MockReply)
        /// Refuse with this 404 answer.
        case refuse(MockRefusal)
    }

    private let capture: MockCapture
    private var usedV1: [Bool]
    private var usedV2: [Bool]
    private let matcher = RequestMatcher(placeholders: .wildcard)
    private let v2Matcher = V2RequestMatcher(placeholders: .wildcard)

    /// Creates the sequence over a capture's servable exchanges.
    public init(capture: MockCapture) {
        self.capture = capture
        usedV1 = Array(repeating: false, count: capture.v1.count)
        usedV2 = Array(repeating: false, count: capture.v2.count)
    }

    /// Creates the sequence over V1 exchanges.
    public init(exchanges: [RecordedExchange]) {
        self.init(capture: MockCapture(v1: exchanges))
    }

    /// How many recorded exchanges have not been served yet.
    public var remaining: Int { usedV1.count(where: { !$0 }) + usedV2.count(where: { !$0 }) }

    /// Answers one request (`path` is the URL path, `body` the request body).
    public mutating func answer(method: String, path: String, body: [UInt8]) -> Answer {
        let endpoint = NativeAuthEndpoint.recognise(path: path)
        if endpoint == nil, !capture.v2.isEmpty {
            return answerV2(method: method, path: path, body: V2RequestBody(bytes: body))
        }
        return answerV1(method: method, endpoint: endpoint, body: body)
    }

    private mutating func answerV1(method: String, endpoint: NativeAuthEndpoint?, body: [UInt8]) -> Answer {
        let fields = FormCodec.decodeLeniently(bytes: body)
        let exchanges = capture.v1
        for index in exchanges.indices where !usedV1[index] {
            if matcher.matches(method: method, endpoint: endpoint, fields: fields, recorded: exchanges[index]) {
                usedV1[index] = true
                return .serve(MockReply(exchanges[index]))
            }
        }
        let unused = exchanges.indices.filter { !usedV1[$0] }.map { exchanges[$0] }
        let closest = ClosestMatch.find(
            method: method, endpoint: endpoint, fields: fields, among: unused.isEmpty ? exchanges : unused,
            matcher: matcher)
        let sentPath = endpoint?.path ?? "a non-native-auth path"
        return .refuse(
            MockRefusal(
                sent: "\(method) \(sentPath)", loggedPath: endpoint?.path ?? "non-native-auth",
                closest: closest.map { ($0.exchange.entryIndex, $0.exchange.label, $0.differences) },
                allServed: unused.isEmpty))
    }

    private mutating func answerV2(method: String, path: String, body: V2RequestBody) -> Answer {
        let exchanges = capture.v2
        for index in exchanges.indices where !usedV2[index] {
            if v2Matcher.matches(method: method, path: path, body: body, recorded: exchanges[index]) {
                usedV2[index] = true
                return .serve(MockReply(exchanges[index]))
            }
        }
        let unused = exchanges.indices.filter { !usedV2[$0] }.map { exchanges[$0] }
        let closest = v2Matcher.closest(method: method, path: path, body: body, among: unused.isEmpty ? exchanges : unused)
        let shown = closest.map { V2RequestMatcher.displayPath(path, against: $0.exchange.path) } ?? "a V2 path"
        return .refuse(
            MockRefusal(
                sent: "\(method) \(shown)", loggedPath: shown,
                closest: closest.map { ($0.exchange.entryIndex, $0.exchange.label, $0.differences) },
                allServed: unused.isEmpty))
    }
}

/// A recorded response the mock serves, and what its log line may say.
public struct MockReply: Sendable {
    /// Index of the entry in `log.entries`.
    public var entryIndex: Int
    /// The recorded endpoint or path (a redacted capture's placeholders, no values).
    public var loggedPath: String
    /// The recorded status (0 when none was recorded).
    public var status: Int
    /// The recorded response headers.
    public var headers: [(String, String)]
    /// The recorded response body.
    public var body: [UInt8]

    init(_ exchange: RecordedExchange) {
        entryIndex = exchange.entryIndex
        loggedPath = exchange.endpoint.path
        status = exchange.status
        headers = exchange.responseHeaders
        body = exchange.responseBody
    }

    init(_ exchange: V2RecordedExchange) {
        entryIndex = exchange.entryIndex
        loggedPath = exchange.path
        status = exchange.status
        headers = exchange.responseHeaders
        body = exchange.responseBody
    }
}

/// Why the mock refused a request: its JSON body and a log-safe summary.
public struct MockRefusal: Sendable {
    /// The JSON error body (`authtape_mock_no_match`).
    public var body: [UInt8]
    /// The closest recorded entry, if any.
    public var closestEntry: Int?
    /// The names of the differing fields.
    public var differingFields: [String]
    /// The request's path as it may be logged (a V1 endpoint, or a V2 path with unknown segments masked).
    public var loggedPath: String

    init(
        sent what: String, loggedPath: String,
        closest: (entry: Int, label: String, differences: [RequestMatcher.Difference])?, allServed: Bool
    ) {
        var description: String
        if let closest {
            let state = allServed ? "every recorded exchange has been served" : "no unused recorded request matches"
            description = "\(state) for \(what); closest recorded: \(closest.label); differing: "
            description += closest.differences.isEmpty
                ? "none (already served)" : closest.differences.map(\.description).joined(separator: "; ")
        } else {
            description = "the capture has no native-auth exchange to answer \(what)"
        }
        let json: JSONValue = .object([
            "error": "authtape_mock_no_match", "error_description": .string(description),
            "closest_entry": closest.map { .int($0.entry) } ?? .null,
            "differing_fields": .array((closest?.differences ?? []).map { .string($0.field) }),
        ])
        body = json.serialized()
        closestEntry = closest?.entry
        differingFields = closest?.differences.map(\.field) ?? []
        self.loggedPath = loggedPath
    }
}
