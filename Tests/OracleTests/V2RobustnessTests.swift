import Foundation
import Testing

@testable import Oracle

@Suite("V2 walk robustness and the reader against Foundation")
struct V2RobustnessTests {
    /// Every action on every flow, with both roles where the role matters.
    static let steps: [V2Step] = V2Scenario.allCases.flatMap { scenario in
        V2Step.Action.allCases.flatMap { action in
            [
                V2Step(scenario: scenario, action: action, passwordGiven: true, role: .firstFactor, methodType: "sms"),
                V2Step(scenario: scenario, action: action, role: .secondFactor, methodType: "email", sentAttributes: ["city"]),
            ]
        }
    }

    static let answers: [RawResponse] = [
        v2(401, V2Bodies.entry()), v2(401, V2Bodies.entry("sign_up")), v2(401, V2Bodies.entry("reset_password")),
        v2(V2Bodies.challenge([V2Bodies.method("pw-1", "password"), V2Bodies.method("em-1", "email")])),
        v2(V2Bodies.challenge([V2Bodies.method("sms-1", "sms")])),
        v2(V2Bodies.challenge([V2Bodies.method("em-1", "email")], factor: "multiFactor")),
        v2(V2Bodies.verify("password")), v2(V2Bodies.verify("email")), v2(V2Bodies.verify("sms")),
        v2(V2Bodies.action("riskverify")), v2(V2Bodies.action("update")), v2(V2Bodies.action("poll")),
        v2(V2Bodies.collect(["password"])), v2(V2Bodies.collect(["email", "city"])), v2(V2Bodies.continued()),
        v2(V2Bodies.webFallback), v2(V2Bodies.authorizationCode), v2(tokenSuccessBody),
        v2(400, V2Bodies.error("invalidGrant", inner: "invalidOneTimeCode")),
        v2(400, V2Bodies.error("invalidRequest", message: "AADSTS50034: x")),
        v2(400, V2Bodies.error("invalidRequest", message: "AADSTS1003037: x")),
        v2(500, "<html/>"), v2(200, ""), RawResponse(status: 0, body: []), v2(#"{"state":[],"action":{}}"#),
    ]

    @Test("every action walks every answer pair in both profiles onto rows of the table, ending consistently")
    func everyDecisionHasARow() {
        for profile in [V2OracleProfile.iOS_2_18_1, .iOS_2_17] {
            for step in Self.steps {
                for first in Self.answers {
                    for second in [Self.answers[6], Self.answers[14], Self.answers[16], Self.answers[17]] {
                        let prediction = V2OutcomeTable.walk(from: step, responses: [first, second, second], profile: profile)
                        #expect(prediction.hops.allSatisfy { $0.row != nil }, "\(step) \(profile)")
                        if case .proceed = prediction.expectation { #expect(prediction.consumed == 3) }
                        if prediction.expectation.outcome?.newState == nil { #expect(prediction.expectedToken == nil) }
                    }
                }
            }
        }
    }

    /// The fields a typed `Decodable` would read, decoded by Foundation's `JSONDecoder` (the reference R1-R7 name).
    struct Reference: Decodable {
        var state: String?
        var action: String?
        var continuationToken: String?
        var hint: String?
        var codeLength: Int?
    }

    @Test("the reader accepts what JSONDecoder accepts and reads the same values")
    func agreesWithJSONDecoder() {
        let bodies: [[UInt8]] = [
            Array(#"{"state":"continue","continuationToken":"CT","codeLength":8}"#.utf8),
            [0xEF, 0xBB, 0xBF] + Array(#"{"continuationToken":"BOM"}"#.utf8),
            Array(#"{"continuationToken":"first","continuationToken":"second"}"#.utf8),
            Array(#"{"action":"verify","codeLength":8.0,}"#.utf8),
            Array(#"{"codeLength":80e-1}"#.utf8),
            Array(#"{"codeLength":"8"}"#.utf8),
            Array(#"{"codeLength":8.5}"#.utf8),
            Array(#"{"codeLength":1e400}"#.utf8),
            Array(#"{"codeLength":9223372036854775808}"#.utf8),
            Array(#"{"hint":"\ud800"}"#.utf8),
            Array(#"{"other":"\ud800","hint":"h\u00e9"}"#.utf8),
            Array(#"{"state":null,"action":true}"#.utf8),
            Array(#"{"state":"a"} {"state":"b"}"#.utf8),
            Array(#"{,}"#.utf8),
            [UInt8](#"{"continuationToken":"U16"}"#.data(using: .utf16BigEndian) ?? Data()),
        ]
        for body in bodies {
            let reference = try? JSONDecoder().decode(Reference.self, from: Data(body))
            let answer = V2OracleAnswer.read(status: 200, body: body)
            let text = String(decoding: body, as: UTF8.self)
            #expect((answer.problem == nil) == (reference != nil), "acceptance differs for \(text)")
            guard let reference, answer.problem == nil else { continue }
            #expect(answer.state == reference.state && answer.action == reference.action, "\(text)")
            #expect(answer.continuationToken == reference.continuationToken && answer.hint == reference.hint, "\(text)")
            #expect(answer.codeLength == reference.codeLength, "\(text)")
        }
    }
}
