import Foundation
import NativeAuth
import Testing
@testable import Fuzz

/// Families of hostile server answers, each put in place of every answer of every built-in flow and judged
/// as a fuzz case: the engine must not trap, must end within the case deadline, and must do what the
/// oracle predicts from the same bytes (issue 14, "nothing traps").
@Suite("Hostile answers in every position")
struct HostileAnswerTests {
    static let boundaries = [
        "0", "-0", "1e-400", "8.0", "80e-1", "9.2e18", "9007199254740993", "9007199254740993.0",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "1e19", "1e300", "-1e300", "1e400", "8.5", "01", "1.", "-", "\"8\"", "true", "null", "[]", "{}",
    ]
    static let numericKeys = ["code_length", "interval", "expires_in", "poll_interval", "error_codes"]

    /// Every numeric position of the answers, with every boundary value (array items included).
    static let numbers: [(String, [UInt8])] = boundaries.flatMap { value in
        numericKeys.flatMap { key -> [(String, [UInt8])] in
            let item = key == "error_codes" ? "[50126,\(value)]" : value
            return [
                ("\(key)=\(value) in a challenge", Array(#"{"continuation_token":"ct","challenge_type":"oob","challenge_channel":"email","challenge_target_label":"u***","code_length":8,"interval":300,"\#(key)":\#(item)}"#.utf8)),
                ("\(key)=\(value) in an error", Array(#"{"error":"invalid_grant","suberror":"invalid_oob_value","error_codes":[50126],"\#(key)":\#(item)}"#.utf8)),
                ("\(key)=\(value) in a poll", Array(#"{"status":"in_progress","continuation_token":"ct","poll_interval":1,"\#(key)":\#(item)}"#.utf8)),
            ]
        }
    }

    static let encodings: [(String, [UInt8])] = {
        let json = #"{"continuation_token":"ct","challenge_type":"password"}"#
        return [
            ("UTF-8 BOM", [0xEF, 0xBB, 0xBF] + Array(json.utf8)),
            ("UTF-16LE BOM", [0xFF, 0xFE] + json.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            ("UTF-16BE", json.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
            ("UTF-32BE", json.unicodeScalars.flatMap { [0, 0, UInt8($0.value >> 8), UInt8($0.value & 0xFF)] }),
            ("UTF-32LE BOM", [0xFF, 0xFE, 0, 0] + json.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), UInt8($0.value >> 8), 0, 0] }),
            ("invalid UTF-8 in a read string", Array(#"{"continuation_token":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)),
            ("invalid UTF-8 in an unread string", Array(#"{"continuation_token":"ct","x":""#.utf8) + [0xFF] + Array(#""}"#.utf8)),
            ("lone surrogate", Array(#"{"continuation_token":"\ud800","error":"\udc00"}"#.utf8)),
            ("escaped NUL", Array(#"{"continuation_token":"a\u0000b","error":"x\u0000"}"#.utf8)),
            ("raw NUL", Array(#"{"continuation_token":"a"#.utf8) + [0] + Array(#"b"}"#.utf8)),
        ]
    }()

    static let framing: [(String, [UInt8])] = [
        ("trailing bytes", Array(#"{"continuation_token":"ct"} x"#.utf8)),
        ("two documents", Array(#"{"continuation_token":"ct"}{"error":"x"}"#.utf8)),
        ("top-level array", Array(#"[{"continuation_token":"ct"}]"#.utf8)),
        ("null", Array("null".utf8)), ("empty", []), ("whitespace", Array(" \n".utf8)),
        ("one trailing comma", Array(#"{"continuation_token":"ct","error":"invalid_grant",}"#.utf8)),
        ("two trailing commas", Array(#"{"continuation_token":"ct",,}"#.utf8)),
        ("deep nesting 511", Array((#"{"x":"# + String(repeating: "[", count: 510) + String(repeating: "]", count: 510) + #","error":"invalid_grant"}"#).utf8)),
        ("deep nesting 513", Array((#"{"x":"# + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}").utf8)),
        ("huge string", Array((#"{"continuation_token":""# + String(repeating: "a", count: 1 << 20) + #""}"#).utf8)),
        ("huge array", Array((#"{"error":"invalid_grant","error_codes":["# + Array(repeating: "50126", count: 100_000).joined(separator: ",") + "]}").utf8)),
    ]

    static let statuses: [(String, FuzzResponse)] = [0, 100, 101, 204, 301, 302, 304, 418, 599].map { status in
        var headers = FuzzResponse.jsonHeaders
        if (300..<400).contains(status) { headers.append(.init("Location", "https://elsewhere.example/x")) }
        return ("status \(status)", FuzzResponse(status: status, headers: headers, body: Array(#"{"error":"invalid_grant"}"#.utf8)))
    }

    /// Judges each answer in a spread of positions: answer `a` goes to position `p` of the flows' answers when
    /// `(a + p) % stride == 0`, so every answer lands in several steps and every step gets several answers (a
    /// `stride` of 1 tries them all). A hang is judged again alone with ten times the deadline before it
    /// counts, as the fuzz runner does, so a loaded machine does not fail the test.
    static func judgeEverywhere(_ answers: [(String, FuzzResponse)], stride: Int = 1) async -> [String] {
        let runner = FuzzRunner(configuration: FuzzConfiguration(seed: 14, caseTimeout: 5, minimise: false))
        let (baseline, _) = await runner.baseline()
        let watchdog = Watchdog(slots: 1)
        let patrol = Task { await watchdog.patrol() }
        defer {
            watchdog.stop()
            patrol.cancel()
        }
        var problems: [String] = []
        var index: UInt64 = 0
        var place = 0
        for flow in BaseFlows.all {
            for (actionIndex, action) in flow.actions.enumerated() {
                for position in action.responses.indices {
                    place += 1
                    for (number, (name, answer)) in answers.enumerated() where (number + place) % stride == 0 {
                        var responses = action.responses
                        responses[position] = answer
                        index += 1
                        let fuzzCase = FuzzCase(
                            seed: 14, index: index, flow: flow.name, action: actionIndex, response: position, step: action.step,
                            operators: ["hostile"], details: [name], responses: responses, metamorphic: false)
                        let verdict = await judge(
                            fuzzCase, runner: runner, baseline: baseline["\(flow.name)#\(actionIndex)"], watchdog: watchdog)
                        if verdict.kind.isFinding {
                            problems.append("\(flow.name)#\(actionIndex)/\(position) \(name): \(verdict.kind) expected \(verdict.expected), got \(verdict.actual)")
                        }
                    }
                }
            }
        }
        return problems
    }

    /// The verdict of one case (callback, error, state, the token the state holds, request count), a hang
    /// judged again alone with ten times the deadline before it counts.
    static func judge(_ fuzzCase: FuzzCase, runner: FuzzRunner, baseline: Outcome?, watchdog: Watchdog) async -> Verdict {
        var (verdict, _) = await runner.judge(fuzzCase, baseline: baseline, watchdog: watchdog, slot: 0)
        if verdict.kind == .hang {
            (verdict, _) = await runner.judge(fuzzCase, baseline: baseline, watchdog: watchdog, slot: 0, timeout: 50)
        }
        return verdict
    }

    static func bodies(_ family: [(String, [UInt8])]) -> [(String, FuzzResponse)] {
        family.flatMap { name, body in
            [200, 400].map { ("\(name) (\($0))", FuzzResponse(status: $0, headers: FuzzResponse.jsonHeaders, body: body)) }
        }
    }

    @Test("numbers at every boundary in every numeric position, array items included, never trap and agree")
    func numbersAtBoundaries() async {
        let problems = await Self.judgeEverywhere(Self.bodies(Self.numbers), stride: 11)
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(5))")
    }

    @Test("text encodings, byte-order marks, invalid UTF-8, lone surrogates and NUL never trap and agree")
    func encodingsAgree() async {
        let problems = await Self.judgeEverywhere(Self.bodies(Self.encodings), stride: 2)
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(5))")
    }

    @Test("framing, nesting, huge strings and arrays never trap and agree")
    func framingAgrees() async {
        let problems = await Self.judgeEverywhere(Self.bodies(Self.framing), stride: 2)
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(5))")
    }

    @Test("statuses 0, 1xx, 204, 3xx with Location, 418 and 599 never trap and agree")
    func statusesAgree() async {
        let problems = await Self.judgeEverywhere(Self.statuses)
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(5))")
    }
}
