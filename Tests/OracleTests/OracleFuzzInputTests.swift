import Testing

@testable import Oracle

@Suite("The oracle's libFuzzer input format")
struct OracleFuzzInputTests {
    @Test("byte 0 picks the step modulo the steps, the low bits of byte 1 the status, its top bit the PKeyAuth challenge")
    func decodesStepStatusChallengeAndBody() throws {
        let steps = Step.allCases
        let input = try #require(OracleFuzzInput(decoding: [UInt8(steps.count + 1), 0x80 | 2] + Array("{}".utf8)))
        #expect(input.step == steps[1])
        #expect(input.status == 401)
        #expect(input.pkeyAuth)
        #expect(input.body == Array("{}".utf8))
        #expect(input.headers.contains { $0.0 == "WWW-Authenticate" && $0.1 == OracleFuzzInput.pkeyAuthChallenge })
        let plain = try #require(OracleFuzzInput(decoding: [0, 0x07]))
        #expect(plain.status == 503 && !plain.pkeyAuth && plain.body.isEmpty)
        #expect(!plain.headers.contains { $0.0 == "WWW-Authenticate" })
    }

    @Test("an input shorter than two bytes decodes to nothing")
    func refusesShortInputs() {
        #expect(OracleFuzzInput(decoding: []) == nil)
        #expect(OracleFuzzInput(decoding: [3]) == nil)
    }

    @Test("the bytes of an input decode to the same input, challenge included; a status outside the list has no bytes")
    func encodesWhatItDecodes() throws {
        for pkeyAuth in [false, true] {
            let input = OracleFuzzInput(step: .signInPasswordToken, status: 400, pkeyAuth: pkeyAuth, body: Array(#"{"error":"x"}"#.utf8))
            let bytes = try #require(input.bytes)
            #expect(OracleFuzzInput(decoding: bytes) == input)
        }
        #expect(OracleFuzzInput(step: .signInPasswordToken, status: 418, body: []).bytes == nil)
    }

    @Test("the expectation is the one predictExpectation gives for the decoded answer")
    func expectationIsTheTableLookup() throws {
        let input = try #require(OracleFuzzInput(decoding: [0, 0x82] + Array("{}".utf8)))
        #expect(input.expectation == predictExpectation(step: input.step, status: 401, headers: input.headers, body: input.body))
    }
}
