import HAR
import NativeAuthWire
import Replay

/// The sequence state of `authtape mock`: which recorded exchanges have been served. A request gets the
/// first unused exchange (in recorded order) that matches it, so identical requests are answered in
/// recorded sequence and interleaved flows still work; anything else is refused, naming the closest
/// recorded request and the differing fields.
public struct MockSequence: Sendable {
    /// What to do with one request.
    public enum Answer: Sendable {
        /// Serve this recorded exchange's response.
        case serve(RecordedExchange)
        /// Refuse: the JSON error body, and a log-safe summary (entry index and differing field names).
        case refuse(body: [UInt8], closestEntry: Int?, differingFields: [String])
    }

    private let exchanges: [RecordedExchange]
    private var used: [Bool]
    private let matcher = RequestMatcher(placeholders: .wildcard)

    /// Creates the sequence over a capture's native-auth exchanges.
    public init(exchanges: [RecordedExchange]) {
        self.exchanges = exchanges
        used = Array(repeating: false, count: exchanges.count)
    }

    /// How many recorded exchanges have not been served yet.
    public var remaining: Int { used.filter { !$0 }.count }

    /// Answers one request (`path` is the URL path, `body` the form body).
    public mutating func answer(method: String, path: String, body: [UInt8]) -> Answer {
        let endpoint = NativeAuthEndpoint.recognise(path: path)
        let fields = FormCodec.decodeLeniently(bytes: body)
        for index in exchanges.indices where !used[index] {
            if matcher.matches(method: method, endpoint: endpoint, fields: fields, recorded: exchanges[index]) {
                used[index] = true
                return .serve(exchanges[index])
            }
        }
        let unused = exchanges.indices.filter { !used[$0] }.map { exchanges[$0] }
        let closest = ClosestMatch.find(
            method: method, endpoint: endpoint, fields: fields, among: unused.isEmpty ? exchanges : unused,
            matcher: matcher)
        let what = "\(method) \(endpoint?.path ?? "a non-native-auth path")"
        var description: String
        if let closest {
            let state = unused.isEmpty ? "every recorded exchange has been served" : "no unused recorded request matches"
            description = "\(state) for \(what); closest recorded: \(closest.exchange.label); differing: "
            description += closest.differences.isEmpty
                ? "none (already served)" : closest.differences.map(\.description).joined(separator: "; ")
        } else {
            description = "the capture has no native-auth exchange to answer \(what)"
        }
        let json: JSONValue = .object([
            "error": "authtape_mock_no_match", "error_description": .string(description),
            "closest_entry": closest.map { .int($0.exchange.entryIndex) } ?? .null,
            "differing_fields": .array((closest?.differences ?? []).map { .string($0.field) }),
        ])
        return .refuse(
            body: json.serialized(), closestEntry: closest?.exchange.entryIndex,
            differingFields: closest?.differences.map(\.field) ?? [])
    }
}
