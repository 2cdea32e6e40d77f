import HAR
import NativeAuthWire

/// Replaces secrets in a repro capture with stable `REDACTED-<kind>-<n>` placeholders (the form of
/// docs/redaction.md): the same value gets the same placeholder in requests and responses, so token
/// chains stay visible and replay still matches.
struct ReproRedactor {
    static let formFields = ["continuation_token", "password", "new_password", "oob", "refresh_token"]
    static let jsonFields = ["continuation_token", "access_token", "refresh_token", "id_token"]

    private(set) var table: [String: String] = [:]
    private var counters: [String: Int] = [:]

    /// V2's secret members (spec native-auth-v2 §5): JSON requests and HAL answers.
    static let v2RequestFields = ["continuationToken", "password", "newPassword", "otp"]
    static let v2AnswerFields = ["continuationToken", "continuation_token", "access_token", "refresh_token", "id_token"]

    init(requests: [SentRequest], v2: Bool = false) {
        if v2 { addV2(requests) }
        for request in requests {
            for field in FormCodec.decodeLeniently(bytes: request.body) where ReproRedactor.formFields.contains(field.name) {
                add(field.value, kind: field.name == "new_password" ? "password" : field.name)
            }
            if let served = request.served, let node = JSONNode.parse(served.body) {
                for key in ReproRedactor.jsonFields {
                    for value in node.values(of: key).compactMap(\.stringValue) { add(value, kind: key) }
                }
            }
        }
    }

    /// V2 values: JSON request members (`attributes.password` too), HAL answer tokens and O2's code.
    private mutating func addV2(_ requests: [SentRequest]) {
        for request in requests {
            if let node = JSONNode.parse(request.body) {
                for key in ReproRedactor.v2RequestFields {
                    for value in node.values(of: key).compactMap(\.stringValue) { add(value, kind: key == "newPassword" ? "password" : key) }
                }
            }
            if let served = request.served, let node = JSONNode.parse(served.body) {
                for key in ReproRedactor.v2AnswerFields {
                    for value in node.values(of: key).compactMap(\.stringValue) { add(value, kind: key) }
                }
                if let code = node["code"]?.stringValue, node["error"] == nil { add(code, kind: "code") }
            }
        }
    }

    private mutating func add(_ value: String, kind: String) {
        guard value.count >= 4, !value.hasPrefix(Placeholder.prefix), table[value] == nil else { return }
        let number = counters[kind, default: 0] + 1
        counters[kind] = number
        table[value] = Placeholder.make(kind: kind, number: number)
    }

    /// A form body with secret values replaced, re-encoded (`+` for spaces).
    func form(_ body: [UInt8]) -> [UInt8] {
        let fields = FormCodec.decodeLeniently(bytes: body).map { FormField($0.name, table[$0.value] ?? $0.value) }
        return FormCodec.encodedBytes(fields)
    }

    /// A response body with every secret value replaced (works on truncated or invalid JSON too).
    func text(_ body: [UInt8]) -> [UInt8] {
        guard let text = String(bytes: body, encoding: .utf8) else { return body }
        var out = text
        for (value, placeholder) in table.sorted(by: { $0.key.count > $1.key.count }) {
            out = out.replacingOccurrences(of: value, with: placeholder)
        }
        return Array(out.utf8)
    }
}
