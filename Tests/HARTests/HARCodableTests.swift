import Foundation
import HAR
import Testing

@Suite("Codable conformances")
struct HARCodableTests {
    @Test("JSONEncoder output reads back through HARReader unchanged")
    func encoderToReader() throws {
        let document = sampleDocument(entries: 3)
        let data = try JSONEncoder().encode(document)
        #expect(try HARReader.read(bytes: Array(data), source: "codable.har") == document)
    }

    @Test("JSONDecoder reads other tools' HAR with the reader's tolerance and keeps extensions")
    func decoderMatchesReader() throws {
        let fromDecoder = try JSONDecoder().decode(HARDocument.self, from: Data(HARFixtures.chrome.utf8))
        let fromReader = try HARReader.read(bytes: Array(HARFixtures.chrome.utf8), source: "chrome.har")
        let difference = firstDifference(
            try JSONParser.parse(HARWriter.bytes(fromDecoder)), try JSONParser.parse(HARWriter.bytes(fromReader)))
        #expect(difference == nil)
        #expect(fromDecoder.log.entries[0].extensions["_priority"] == "High")
    }

    @Test("absent optional fields are omitted by JSONEncoder too")
    func omitsAbsentFields() throws {
        let data = try JSONEncoder().encode(HARHeader(name: "a", value: "b"))
        let value = try JSONParser.parse(Array(data))
        #expect(value.objectValue.map { Set($0.keys) } == ["name", "value"])
    }

    @Test("JSONDecoder errors carry the HAR path")
    func decoderErrors() {
        let text = #"""
            {"log":{"creator":{"name":"x","version":"1"},
            "entries":[{"request":{"method":"GET","url":["x"]},"response":{"status":200}}]}}
            """#
        #expect {
            try JSONDecoder().decode(HARDocument.self, from: Data(text.utf8))
        } throws: { error in
            "\(error)".contains("log.entries[0].request.url: expected a string, found an array")
        }
    }
}
