import Foundation
import Testing

@testable import HAR

/// The direct byte writer must produce exactly the bytes of the `JSONValue` tree's serializer.
@Suite("Direct JSON bytes of HAR values")
struct JSONBytesWriterTests {
    static func bytes<T: HARJSONCoding>(_ value: T) -> [UInt8] {
        var out: [UInt8] = [0x41]  // something already in the buffer stays in front
        value.writeJSON(into: &out)
        return Array(out.dropFirst())
    }

    @Test("every entry and the log of each fixture capture are written as the tree serializes them")
    func fixtures() throws {
        for (name, text) in [
            ("mitmproxy", HARFixtures.mitmproxy), ("chrome", HARFixtures.chrome), ("sparse", HARFixtures.sparse),
            ("charles", HARFixtures.charles),
        ] {
            let document = try HARReader.read(bytes: Array(text.utf8), source: name)
            #expect(Self.bytes(document) == document.encoded().serialized(), "\(name)")
            for entry in document.log.entries {
                #expect(Self.bytes(entry) == entry.encoded().serialized(), "\(name)")
            }
        }
    }

    @Test("generated entries with odd strings, numbers, optional fields and extensions match the tree")
    func generated() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var rng = SeededGenerator(state: seed)
        for _ in 0..<300 {
            let json = Self.randomEntry(&rng)
            let entry = try HAREntry(json: json)
            #expect(Self.bytes(entry) == entry.encoded().serialized(), "seed \(seed)")
        }
    }

    @Test("an entry written by the bytes writer reads back as the same entry")
    func readsBack() throws {
        var rng = SeededGenerator(state: 7)
        for _ in 0..<50 {
            let entry = try HAREntry(json: Self.randomEntry(&rng))
            #expect(try HAREntry(json: JSONParser.parse(Self.bytes(entry))) == entry)
        }
    }

    // MARK: Generated HAR-shaped JSON

    static func maybe(_ rng: inout SeededGenerator) -> Bool { Bool.random(using: &rng) }

    static func number(_ rng: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .int(Int.random(in: -1...100_000, using: &rng))
        case 1: return .double(Double.random(in: 0...10_000, using: &rng))
        case 2: return .double(-0.0)
        default: return .number("1e-7")
        }
    }

    static func pairs(_ rng: inout SeededGenerator) -> JSONValue {
        .array(
            (0..<Int.random(in: 0..<4, using: &rng)).map { _ in
                var pair = JSONObject()
                pair.append("name", .string(JSONRandomTests.randomString(&rng)))
                pair.append("value", .string(JSONRandomTests.randomString(&rng)))
                if maybe(&rng) { pair.append("comment", .string(JSONRandomTests.randomString(&rng))) }
                if maybe(&rng) { pair.append("_x", JSONRandomTests.randomValue(&rng)) }
                return .object(pair)
            })
    }

    static func randomEntry(_ rng: inout SeededGenerator) -> JSONValue {
        var request = JSONObject()
        request.append("method", .string("POST"))
        request.append("url", .string("https://h/p?" + JSONRandomTests.randomString(&rng)))
        request.append("httpVersion", .string("HTTP/1.1"))
        request.append("cookies", .array([]))
        request.append("headers", pairs(&rng))
        request.append("queryString", pairs(&rng))
        if maybe(&rng) {
            var post = JSONObject()
            post.append("mimeType", .string("application/x-www-form-urlencoded"))
            post.append("text", .string(JSONRandomTests.randomString(&rng)))
            if maybe(&rng) { post.append("params", pairs(&rng)) }
            request.append("postData", .object(post))
        }
        request.append("headersSize", .int(-1))
        request.append("bodySize", number(&rng))
        if maybe(&rng) { request.append("_ext", JSONRandomTests.randomValue(&rng)) }

        var content = JSONObject()
        content.append("size", number(&rng))
        content.append("mimeType", .string(JSONRandomTests.randomString(&rng)))
        if maybe(&rng) {
            content.append("text", .string("aGVsbG8gd29ybGQ="))
            content.append("encoding", .string("base64"))
        } else if maybe(&rng) {
            content.append("text", .string(JSONRandomTests.randomString(&rng)))
        }
        if maybe(&rng) { content.append("compression", number(&rng)) }
        var response = JSONObject()
        response.append("status", .int(Int.random(in: 100...599, using: &rng)))
        response.append("statusText", .string(JSONRandomTests.randomString(&rng)))
        response.append("httpVersion", .string("HTTP/1.1"))
        response.append("cookies", .array([]))
        response.append("headers", pairs(&rng))
        response.append("content", .object(content))
        response.append("redirectURL", .string(""))
        response.append("headersSize", .int(-1))
        response.append("bodySize", number(&rng))

        var timings = JSONObject()
        for key in ["send", "wait", "receive"] { timings.append(key, number(&rng)) }
        if maybe(&rng) { timings.append("ssl", number(&rng)) }

        var entry = JSONObject()
        entry.append("startedDateTime", .string("2026-11-22T10:00:00.000Z"))
        entry.append("time", number(&rng))
        entry.append("request", .object(request))
        entry.append("response", .object(response))
        entry.append("cache", .object(JSONObject()))
        entry.append("timings", .object(timings))
        if maybe(&rng) { entry.append("connection", .string(JSONRandomTests.randomString(&rng))) }
        if maybe(&rng) {
            var authtape = JSONObject()
            authtape.append("schemaVersion", .int(1))
            authtape.append("flowId", .string("flow-\(Int.random(in: 1...9, using: &rng))"))
            authtape.append("step", .string(JSONRandomTests.randomString(&rng)))
            if maybe(&rng) {
                authtape.append("redactions", .object(JSONObject([(key: "password", value: .int(2)), (key: "oob", value: .int(1))])))
            }
            entry.append("_authtape", .object(authtape))
        }
        if maybe(&rng) { entry.append("_other", JSONRandomTests.randomValue(&rng)) }
        return .object(entry)
    }
}
