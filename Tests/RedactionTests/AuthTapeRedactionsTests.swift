import Foundation
import HAR
import Testing

@testable import Redaction

/// `_authtape` written on bytes must equal decoding, adding the counts and encoding again.
@Suite("_authtape counts on bytes")
struct AuthTapeRedactionsTests {
    static func pretty(_ fields: AuthTapeEntryFields) -> [UInt8] {
        var text: [UInt8] = []
        fields.json.write(into: &text, pretty: true, indent: 4)
        return text
    }

    /// The typed way (`spliceEdits` before): decode, merge the counts, encode.
    static func typed(_ original: [UInt8], counts: [String: Int]) throws -> [UInt8] {
        var fields = try AuthTapeEntryFields(json: try JSONParser.parse(original))
        if !counts.isEmpty { fields.redactions = (fields.redactions ?? [:]).merging(counts, uniquingKeysWith: +) }
        return pretty(fields)
    }

    @Test("Recorder-written objects get the typed path's text; other forms are declined")
    func sameAsTyped() throws {
        var originals: [[UInt8]] = [
            AuthTapeEntryFields(), AuthTapeEntryFields(flowId: "signIn-1", flowKind: "signIn", step: "oauth2/v2.0/token"),
            AuthTapeEntryFields(flowKind: "mfa"), AuthTapeEntryFields(flowId: "quote \" and é", step: "x\ny"),
            AuthTapeEntryFields(flowId: "f", redactions: ["password": 2]),
            AuthTapeEntryFields(flowId: "f", expectedOutcome: AuthTapeExpectedOutcome(callback: "onSignInCompleted")),
            AuthTapeEntryFields(step: "s", extensions: ["note": .string("kept")]),
        ].map(Self.pretty)
        let hand = [
            "{\n          \"flowId\": \"f\",\n          \"schemaVersion\": 1\n        }",
            "{\n          \"schemaVersion\": 1,\n          \"flowId\": null\n        }",
            "{\n          \"schemaVersion\": 1,\n          \"flowId\": \"a\",\n          \"flowId\": \"b\"\n        }",
            "{\n          \"schemaVersion\": 1.0\n        }", "{\n          \"schemaVersion\": 01\n        }",
            "{\n          \"schemaVersion\": 1,\n          \"step\": \"a\\/b\"\n        }",
            "{\n        \"schemaVersion\": 1\n        }", "{}", "{\"schemaVersion\":1}",
            "{\n          \"schemaVersion\": 1,\n          \"step\": \"s\",\n          \"flowKind\": \"k\"\n        }",
        ]
        originals += hand.map { Array($0.utf8) }
        var fast = 0
        for original in originals {
            for counts in [[:], ["password": 1], ["continuation_token": 3, "access_token": 1, "a\"b": 2, "Z": 1]] {
                let label = String(decoding: original, as: UTF8.self) + " \(counts)"
                guard let text = original.withUnsafeBufferPointer({ AuthTapeRedactions.text(original: $0, counts: counts) }) else {
                    // Declined: the splice path decodes these as before.
                    continue
                }
                fast += 1
                let expected = try Self.typed(original, counts: counts)
                #expect(text == expected, "\(label)")
                if counts.isEmpty { #expect(text == original, "\(label)") }
            }
        }
        // The four recorder-written forms, with each set of counts.
        #expect(fast == 12)
    }
}

@Suite("Decimal counts")
struct DecimalCountTests {
    @Test("Counts are written in decimal exactly as String(_:) writes them")
    func decimalMatchesString() {
        for value in [0, 1, 9, 10, 99, 100, 12_345, Int.max, -1, -40, Int.min] + Array(0...1_000) {
            var text: [UInt8] = Array("x".utf8)
            AuthTapeRedactions.appendDecimal(value, to: &text)
            #expect(text == Array("x\(value)".utf8))
        }
    }
}
