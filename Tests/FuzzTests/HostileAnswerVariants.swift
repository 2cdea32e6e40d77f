import Foundation
@testable import Fuzz

/// The hostile variants a new user tries on a recorded JSON answer (issue 24, point 9): a byte-order mark
/// (held in a HAR as base64 bytes or as a U+FEFF in the text), UTF-16 LE or BE with and without a mark, the
/// token under `continuationToken` or `CONTINUATION_TOKEN`, one trailing comma, repeated keys (a copy of
/// the token first or last, a `continuationToken` before it), and invalid or overlong UTF-8 in each
/// free-text field. decoding-rulings.md R5-R7 say what MSAL's `JSONDecoder` makes of each.
struct HostileAnswerVariant {
    var name: String
    var body: [UInt8]
    /// Whether a HAR holds the body as base64 (`encoding: "base64"`) rather than as text.
    var asBase64: Bool
    /// Whether MSAL reads another token from this body than from the recorded one (a copy placed first), so
    /// the next request of a replayed capture no longer matches the recording.
    var changesToken = false

    static let badUTF8: [(String, [UInt8])] = [
        ("invalid UTF-8", [0xC3, 0x28]), ("overlong UTF-8", [0xC0, 0xAF]), ("overlong 3-byte UTF-8", [0xE0, 0x80, 0xAF]),
    ]

    /// Every variant of `body`; none when it is not a JSON object.
    static func variants(of body: [UInt8]) -> [HostileAnswerVariant] {
        guard let node = JSONNode.parse(body), let members = node.members,
            let close = body.lastIndex(of: UInt8(ascii: "}"))
        else { return [] }
        let text = String(decoding: body, as: UTF8.self)
        let little = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        var result = [
            HostileAnswerVariant(name: "BOM as bytes", body: [0xEF, 0xBB, 0xBF] + body, asBase64: true),
            HostileAnswerVariant(name: "BOM as text", body: [0xEF, 0xBB, 0xBF] + body, asBase64: false),
            HostileAnswerVariant(name: "UTF-16LE", body: little, asBase64: true),
            HostileAnswerVariant(name: "UTF-16LE BOM", body: [0xFF, 0xFE] + little, asBase64: true),
            HostileAnswerVariant(name: "UTF-16BE", body: big, asBase64: true),
            HostileAnswerVariant(name: "UTF-16BE BOM", body: [0xFE, 0xFF] + big, asBase64: true),
            HostileAnswerVariant(name: "trailing comma", body: Array(body[..<close]) + Array(" , ".utf8) + Array(body[close...]),
                                 asBase64: false),
        ]
        func object(_ members: [(key: String, value: JSONNode)]) -> [UInt8] { JSONNode.object(members).serializedBytes() }
        if members.contains(where: { $0.key == "continuation_token" }) {
            for key in ["continuationToken", "CONTINUATION_TOKEN"] {
                let renamed = members.map { ($0.key == "continuation_token" ? key : $0.key, $0.value) }
                result.append(HostileAnswerVariant(name: "key \(key)", body: object(renamed), asBase64: false))
            }
            let copy = (key: "continuation_token", value: JSONNode.string("HOSTILE-COPY"))
            result.append(HostileAnswerVariant(
                name: "duplicate token, copy first", body: object([copy] + members), asBase64: false, changesToken: true))
            result.append(HostileAnswerVariant(name: "duplicate token, copy last", body: object(members + [copy]), asBase64: false))
            let camel = (key: "continuationToken", value: JSONNode.string("HOSTILE-CAMEL"))
            result.append(HostileAnswerVariant(
                name: "continuationToken before continuation_token", body: object([camel] + members), asBase64: false,
                changesToken: true))
        }
        let placeholder = "HOSTILE-PLACEHOLDER"
        for (index, member) in members.enumerated() where member.key != "continuation_token" {
            guard case .string = member.value else { continue }
            var edited = members
            edited[index].value = .string(placeholder)
            let serialized = object(edited)
            guard let at = find(Array(placeholder.utf8), in: serialized) else { continue }
            for (label, bad) in badUTF8 {
                let bytes = Array(serialized[..<at]) + Array("a".utf8) + bad + Array("b".utf8)
                    + Array(serialized[(at + placeholder.utf8.count)...])
                result.append(HostileAnswerVariant(name: "\(label) in \(member.key)", body: bytes, asBase64: true))
            }
        }
        return result
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
