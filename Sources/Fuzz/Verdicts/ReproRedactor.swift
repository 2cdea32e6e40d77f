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

    /// V2's secret members (spec native-auth-v2 §5) at any depth of JSON requests and HAL answers, with
    /// the kinds Redaction's rules give them (a placeholder kind is lower case: `REDACTED-continuation_token-1`),
    /// so `authtape check` reads the repro capture's placeholders as placeholders.
    static let v2Kinds: [String: String] = [
        "continuationToken": "continuation_token", "continuation_token": "continuation_token",
        "password": "password", "newPassword": "password", "otp": "code", "authorizationCode": "code",
        "access_token": "access_token", "refresh_token": "refresh_token", "id_token": "id_token",
        "username": "username", "target": "challenge_target", "hint": "challenge_target_label",
    ]

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

    /// V2 values: secret members at any depth of JSON requests and answers (`attributes` values, method
    /// ids (an answer's own `id` and those under `methods`), so the ids in hrefs and request paths get the same placeholder), and O2's code.
    private mutating func addV2(_ requests: [SentRequest]) {
        for request in requests {
            if let node = JSONNode.parse(request.body) { addV2Members(of: node, parent: nil) }
            if let served = request.served, let node = JSONNode.parse(served.body) {
                addV2Members(of: node, parent: nil)
                if let code = node["code"]?.stringValue, node["error"] == nil { add(code, kind: "code") }
            }
        }
    }

    private mutating func addV2Members(of node: JSONNode, parent: String?) {
        switch node {
        case .object(let members):
            for member in members {
                if let text = member.value.stringValue {
                    if let kind = ReproRedactor.v2Kinds[member.key] {
                        add(text, kind: kind)
                    } else if parent == "attributes" {
                        add(text, kind: "attribute")
                    } else if member.key == "id", parent == nil || parent == "methods" {
                        add(text, kind: "method_id")
                    }
                } else {
                    addV2Members(of: member.value, parent: member.key)
                }
            }
        case .array(let items):
            for item in items { addV2Members(of: item, parent: parent) }
        case .string, .number, .bool, .null:
            break
        }
    }

    /// A URL (a V2 request path holds method ids) with every secret value replaced.
    func url(_ text: String) -> String {
        String(decoding: self.text(Array(text.utf8)), as: UTF8.self)
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
