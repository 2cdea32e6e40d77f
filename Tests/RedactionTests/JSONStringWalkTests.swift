import HAR
import Testing

@testable import Redaction

/// `JSONStringWalk` (eight bytes at a time) against a byte-at-a-time reference, over random
/// JSON-like text fed whole and cut into random pieces (as `EverywherePass` feeds windows).
@Suite("JSON string walk")
struct JSONStringWalkTests {
    /// The walk as it was written before it read words: one byte at a time.
    struct Reference {
        var afterColon = false
        var lastStringWasText = false

        mutating func walk(_ buffer: [UInt8], from: Int, to end: Int, _ body: (Int, Int, Bool) -> Bool) -> (position: Int, stopped: Bool) {
            var p = from
            while p < end {
                let byte = buffer[p]
                if byte != UInt8(ascii: "\"") {
                    switch byte {
                    case UInt8(ascii: ":"): afterColon = true
                    case UInt8(ascii: " "), 0x0A, 0x0D, 0x09: break
                    default: afterColon = false
                    }
                    p += 1
                    continue
                }
                var q = p + 1
                while q < end {
                    let c = buffer[q]
                    if c == UInt8(ascii: "\"") { break }
                    q += c == UInt8(ascii: "\\") ? 2 : 1
                }
                guard q < end else { return (p, false) }
                let isText = afterColon && lastStringWasText
                lastStringWasText = q - p == 5 && buffer[p + 1] == UInt8(ascii: "t") && buffer[p + 2] == UInt8(ascii: "e")
                    && buffer[p + 3] == UInt8(ascii: "x") && buffer[p + 4] == UInt8(ascii: "t")
                afterColon = false
                let goOn = body(p + 1, q, isText)
                p = q + 1
                if !goOn { return (p, true) }
            }
            return (p, false)
        }
    }

    struct Found: Equatable {
        var start: Int
        var end: Int
        var isText: Bool
    }

    /// Every string of `bytes`, walked in pieces ending at `cuts` (then to the end), each
    /// call going on from where the last one stopped, `stopEvery`th string stopping a call.
    static func strings(_ bytes: [UInt8], cuts: [Int], stopEvery: Int, reference: Bool) -> [Found] {
        var found: [Found] = []
        var walk = JSONStringWalk()
        var old = Reference()
        var position = 0
        for limit in cuts + [bytes.count] where limit >= position {
            while true {
                var count = 0
                let body = { (start: Int, end: Int, isText: Bool) -> Bool in
                    found.append(Found(start: start, end: end, isText: isText))
                    count += 1
                    return count % stopEvery != 0
                }
                let result =
                    reference
                    ? old.walk(bytes, from: position, to: limit, body)
                    : bytes.withUnsafeBufferPointer { walk.walk($0, from: position, to: limit, body) }
                position = result.position
                if !result.stopped { break }
            }
        }
        return found
    }

    @Test("Finds the same strings and text bodies as the byte-at-a-time walk, whole and in pieces")
    func sameAsByteAtATime() {
        var generator = CorpusGenerator(seed: 23)
        let pieces = [
            "\"text\"", "\"text\":", ": ", ":", "\"text\" : \"", "\"a\\\"b\"", "\\\\", "\"", " ", "\n  ", "{", "}", ",", "[",
            "abcdefgh", "\"x\"", "\"\"", "é", "\"te\\u0078t\"", "tex", "\\", "12",
        ]
        for round in 0..<2000 {
            let bytes = Array(generator.text(from: pieces, upTo: 24).utf8)
            var cuts: [Int] = []
            if round % 2 == 1, !bytes.isEmpty {
                for _ in 0..<generator.next(4) { cuts.append(generator.next(bytes.count)) }
                cuts.sort()
            }
            let stopEvery = 1 + generator.next(4)
            let expected = Self.strings(bytes, cuts: cuts, stopEvery: stopEvery, reference: true)
            let actual = Self.strings(bytes, cuts: cuts, stopEvery: stopEvery, reference: false)
            #expect(actual == expected, "\(String(decoding: bytes, as: UTF8.self)) cut at \(cuts)")
        }
    }

    @Test("A string's text decodes its escapes as the JSON parser does")
    func textDecodesEscapesAsTheParser() throws {
        var generator = CorpusGenerator(seed: 5)
        let pieces = ["a", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0041", "\\u00e9", "\\ud83d\\ude00", "é", "{", " "]
        for _ in 0..<1000 {
            let token = Array(("\"" + generator.text(from: pieces, upTo: 12) + "\"").utf8)
            let parsed = try JSONParser.parse(String(decoding: token, as: UTF8.self))
            try token.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer)
                let span = try cursor.string()
                #expect(JSONValue.string(cursor.text(span)) == parsed, "\(String(decoding: token, as: UTF8.self))")
            }
        }
    }
}
