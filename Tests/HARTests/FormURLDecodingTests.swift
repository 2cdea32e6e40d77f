import Testing

@testable import HAR

@Suite("Form value decoding")
struct FormURLDecodingTests {
    @Test("plus is a space, two hex digits after a percent are a byte, and a broken escape stays as written")
    func lenientDecoding() {
        #expect(FormURLDecoding.decode("a+b%41%c3%A9"[...]) == "a bAé")
        #expect(FormURLDecoding.decode("100%zz%4"[...]) == "100%zz%4")
        #expect(FormURLDecoding.decode("%"[...]) == "%")
        #expect(FormURLDecoding.decode("plain"[...]) == "plain")
    }

    @Test("bytes and text decode alike, and invalid UTF-8 becomes a replacement character")
    func bytesAndText() {
        let samples = ["user%40contoso.com", "a%2Bb+c", "%ff%fe", "x%4", "%%41"]
        for sample in samples {
            let fromBytes = Array(sample.utf8).withUnsafeBufferPointer { FormURLDecoding.decode($0) }
            #expect(fromBytes == FormURLDecoding.decode(sample[...]), "\(sample)")
        }
        #expect(FormURLDecoding.decode("%ff"[...]) == "\u{FFFD}")
        #expect(FormURLDecoding.decode("%%41"[...]) == "%A")
    }
}
