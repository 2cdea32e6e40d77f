import Foundation
import Testing

@testable import NativeAuthWire

@Suite("JSON string quoting")
struct JSONStringTests {
    @Test("quotes, backslashes and control characters are escaped as JSON.stringify writes them, nothing else")
    func escapesExactly() {
        #expect(JSONString.quote("") == #""""#)
        #expect(JSONString.quote("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(JSONString.quote("\n\r\t\u{8}\u{C}") == #""\n\r\t\b\f""#)
        #expect(JSONString.quote("\u{0}\u{1}\u{1F}\u{7F}") == #""\u0000\u0001\u001f"# + "\u{7F}\"")
        #expect(JSONString.quote("é🙂€") == "\"é🙂€\"")
        var out: [UInt8] = [0x78]
        JSONString.appendQuoted("a\"b", to: &out)
        #expect(out == Array(#"x"a\"b""#.utf8))
        var text = "x"
        JSONString.appendQuoted("\t", to: &text)
        #expect(text == #"x"\t""#)
    }

    @Test("every quoted text, long runs included, reads back as itself with Foundation")
    func roundTrips() throws {
        let pieces = ["a", "\"", "\\", "\n", "\u{1}", "\u{8}", "é", "🙂", "abcdefghijklmnopq", "/", "\r\n", "\u{7F}"]
        var generator = SplitMix64(seed: 9)
        for _ in 0..<500 {
            let text = (0..<Int(generator.next() % 30)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let quoted = JSONString.quote(text)
            let decoded = try JSONDecoder().decode(String.self, from: Data(quoted.utf8))
            #expect(decoded == text, "\(quoted)")
            var bytes = Array(text.utf8)
            let needs = bytes.withUnsafeMutableBufferPointer { JSONString.needsEscape(UnsafeBufferPointer($0)) }
            #expect(needs == (quoted.utf8.count != text.utf8.count + 2), "\(quoted)")
        }
    }
}
