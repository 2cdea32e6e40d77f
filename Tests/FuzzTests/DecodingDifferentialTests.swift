import Foundation
import NativeAuthWire
import Testing
@testable import Fuzz
@testable import NativeAuth

/// The engine's fast reader against Foundation's `JSONDecoder`, the executable reference of
/// decoding-rulings.md: for every body the fuzz operators make from the built-in flows and the shipped
/// captures, both must accept or reject it alike and, when they accept it, decode the same values into the
/// types MSAL declares (reference `Decodable` structs below, decoded with `.convertFromSnakeCase` for 200s).
@Suite("Engine decoding against JSONDecoder")
struct DecodingDifferentialTests {
    static let bodyCount = 100_000
    static let seed: UInt64 = 20_261_126

    @Test("100,000 operator-made bodies over every base flow are accepted and valued as JSONDecoder does")
    func operatorBodiesAgreeWithJSONDecoder() async {
        // A long CPU-bound loop runs on a thread of its own, not on one of the few cooperative threads that
        // the other suites' servers and deadlines share (on 2 cores it would starve their timers).
        let mismatches: [String] = await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: Self.operatorBodyMismatches()) }
            thread.stackSize = 8 << 20
            thread.start()
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) disagreements, first: \(mismatches.prefix(5))")
    }

    static func operatorBodyMismatches() -> [String] {
        let flows = BaseFlows.all + Self.captureFlows()
        let generator = CaseGenerator(flows: flows, seed: Self.seed)
        var compared = 0
        var index: UInt64 = 0
        var mismatches: [String] = []
        while compared < Self.bodyCount {
            defer { index += 1 }
            guard let fuzzCase = generator.make(index: index) else { continue }
            let response = fuzzCase.mutatedResponse
            let endpoints = NativeAuthEndpoint.allCases
            let endpoint = endpoints[Int(index % UInt64(endpoints.count))]
            compared += 1
            if let problem = Self.compare(status: response.status, body: Data(response.body), endpoint: endpoint) {
                mismatches.append("case \(Self.seed):\(index) \(fuzzCase.operators) \(endpoint): \(problem)")
            }
        }
        print("decoding differential: \(compared) bodies from seed \(Self.seed), \(mismatches.count) disagreements")
        return mismatches
    }

    @Test("hand-made hostile bodies are accepted and valued as JSONDecoder does", arguments: NativeAuthEndpoint.allCases)
    func hostileBodiesAgree(endpoint: NativeAuthEndpoint) {
        let numbers = ["8", "8.0", "1e15", "9.2e18", "1e-400", "-0", "8.5", "1e300", "-1e300", "9223372036854775807",
                       "9223372036854775808", "-9223372036854775808", "9007199254740993.0", "1e19", "1e400", "01", "1.",
                       "\"8\"", "true", "null", "[]", "9007199254740993.000000000000000000001", "92233720368547758.07e2"]
        var bodies: [String] = []
        for number in numbers {
            bodies.append(#"{"continuation_token":"t","challenge_type":"oob","challenge_channel":"email","challenge_target_label":"x","code_length":\#(number),"interval":\#(number),"expires_in":\#(number),"poll_interval":\#(number),"status":"in_progress"}"#)
            bodies.append(#"{"error":"invalid_grant","error_codes":[50126,\#(number)],"suberror":"invalid_oob_value","trace_id":\#(number)}"#)
            bodies.append(#"{"error":"invalid_grant","ignored":\#(number),"x":{"y":[\#(number)]}}"#)
        }
        for extra in [#""correlationId":"x""#, #""correlation_id":"x""#, #""correlationId":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#,
                      #""continuationToken":"c""#, #""CONTINUATION_TOKEN":"c""#, #""continuation__token":5"#, #""_continuation_token":5"#,
                      #""inner_errors":[{"error":1}]"#, #""inner_errors":{}"#, #""target":5"#, #""status":"done""#,
                      #""methods":[{"id":"m","challenge_type":"oob","challenge_channel":"email","loginHint":5}]"#,
                      #""required_attributes":[{"name":"a","type":"string","required":true,"options":{"regex":1}}]"#,
                      #""invalid_attributes":[{"name":"a"},{}]"#, #""unverified_attributes":[{"name":1}]"#,
                      #""b":"\ud800""#, #""b":"\x""#, #""\ud800":1"#, #""continuation_token":"\ud800""#] {
            bodies.append(#"{"continuation_token":"t","challenge_type":"password",\#(extra)}"#)
            bodies.append(#"{\#(extra),"error":"invalid_request","suberror":"x","continuation_token":"t"}"#)
        }
        var mismatches: [String] = []
        for body in bodies {
            for status in [200, 400] {
                if let problem = Self.compare(status: status, body: Data(body.utf8), endpoint: endpoint) {
                    mismatches.append("\(status) \(body): \(problem)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    static func captureFlows() -> [FuzzFlow] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("captures")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return files.filter { $0.hasSuffix(".har") }.sorted().flatMap {
            CaptureFlows.flows(contentsOf: root.appendingPathComponent($0).path).flows
        }
    }

    /// nil when the engine and the reference agree on `body`, else what differs.
    static func compare(status: Int, body: Data, endpoint: NativeAuthEndpoint) -> String? {
        let rule = EndpointTable.rule(for: endpoint)
        switch status {
        case 200 where endpoint == .token:
            let reference = (try? JSONSerialization.jsonObject(with: body)) is [String: Any]
            let engine = JSONValue.serializationObject(from: body) != nil
            return reference == engine ? nil : "token 200: JSONSerialization \(reference), engine \(engine)"
        case 200:
            let reference = try? decoder(rule, snakeCase: true).decode(SuccessReference.self, from: body).body
            let engine = ResponseJSONParser.parse(body).flatMap { try? ResponseClassifier.decodeSuccess($0, rule: rule) }
            return reference == engine ? nil : "JSONDecoder \(String(describing: reference)), engine \(String(describing: engine))"
        case 400, 401:
            let reference = try? decoder(rule, snakeCase: false).decode(ErrorReference.self, from: body).body
            let engine = ResponseJSONParser.parse(body).flatMap { try? ResponseClassifier.decodeError($0, rule: rule) }
            return reference == engine ? nil : "JSONDecoder \(String(describing: reference)), engine \(String(describing: engine))"
        default:
            return nil
        }
    }

    static func decoder(_ rule: EndpointRule, snakeCase: Bool) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[ruleKey] = rule
        if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        return decoder
    }

    static let ruleKey = CodingUserInfoKey(rawValue: "authtape.rule")!
}

/// A key named at run time.
private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private enum ClosedChallengeType: String, Decodable { case oob, password, redirect }
private enum PollStatus: String, Decodable { case succeeded, inProgress = "in_progress", notStarted = "not_started", failed }

private struct MethodReference: Decodable {
    var id: String
    var challengeType: ClosedChallengeType
    var challengeChannel: String
    var loginHint: String?
}

private struct InnerError: Decodable {
    var error: String?
    var errorDescription: String?
    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
    }
}

private struct NamedAttribute: Decodable { var name: String }

private struct RequiredAttribute: Decodable {
    struct Options: Decodable { var regex: String? }
    var name: String
    var type: String
    var required: Bool
    var options: Options?
}

/// MSAL's 200 structs, property by property as the endpoint's rule lists them.
private struct SuccessReference: Decodable {
    var body = SuccessBody()

    init(from decoder: any Decoder) throws {
        guard let rule = decoder.userInfo[DecodingDifferentialTests.ruleKey] as? EndpointRule else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no rule"))
        }
        let container = try decoder.container(keyedBy: Key.self)
        _ = try container.decodeIfPresent(UUID.self, forKey: Key("correlationId"))
        func has(_ key: String) -> Bool { rule.successKeys.contains(key) }
        func string(_ key: String, _ property: String) throws -> String? {
            has(key) ? try container.decodeIfPresent(String.self, forKey: Key(property)) : nil
        }
        func int(_ key: String, _ property: String) throws -> Int? {
            has(key) ? try container.decodeIfPresent(Int.self, forKey: Key(property)) : nil
        }
        body.continuationToken = try string("continuation_token", "continuationToken")
        if has("challenge_type") {
            if rule.challengeTypeRequired {
                body.challengeType = try container.decode(String.self, forKey: Key("challengeType"))
            } else if rule.closedChallengeType {
                body.challengeType = try container.decodeIfPresent(ClosedChallengeType.self, forKey: Key("challengeType"))?.rawValue
            } else {
                body.challengeType = try container.decodeIfPresent(String.self, forKey: Key("challengeType"))
            }
        }
        body.redirectReason = try string("redirect_reason", "redirectReason")
        body.bindingMethod = try string("binding_method", "bindingMethod")
        body.challengeChannel = try string("challenge_channel", "challengeChannel")
        body.challengeTargetLabel = try string("challenge_target_label", "challengeTargetLabel")
        body.challengeTarget = try string("challenge_target", "challengeTarget")
        body.codeLength = try int("code_length", "codeLength")
        body.interval = try int("interval", "interval")
        body.expiresIn = try int("expires_in", "expiresIn")
        body.pollInterval = try int("poll_interval", "pollInterval")
        if has("status") { body.status = try container.decodeIfPresent(PollStatus.self, forKey: Key("status"))?.rawValue }
        if has("methods") {
            body.methods = try container.decodeIfPresent([MethodReference].self, forKey: Key("methods"))?.map {
                AuthMethodWire(id: $0.id, challengeType: $0.challengeType.rawValue, challengeChannel: $0.challengeChannel,
                               loginHint: $0.loginHint)
            }
        }
    }
}

/// MSAL's error structs: the fields every one reads, and those the endpoint's rule adds.
private struct ErrorReference: Decodable {
    var body: APIErrorBody

    init(from decoder: any Decoder) throws {
        guard let rule = decoder.userInfo[DecodingDifferentialTests.ruleKey] as? EndpointRule else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no rule"))
        }
        let container = try decoder.container(keyedBy: Key.self)
        body = APIErrorBody(error: try container.decode(String.self, forKey: Key("error")))
        body.errorDescription = try container.decodeIfPresent(String.self, forKey: Key("error_description"))
        body.errorCodes = try container.decodeIfPresent([Int].self, forKey: Key("error_codes")) ?? []
        body.errorURI = try container.decodeIfPresent(String.self, forKey: Key("error_uri"))
        _ = try container.decodeIfPresent(UUID.self, forKey: Key("correlationId"))
        _ = try container.decodeIfPresent([InnerError].self, forKey: Key("inner_errors"))
        if rule.decodesSuberror { body.suberror = try container.decodeIfPresent(String.self, forKey: Key("suberror")) }
        if rule.decodesContinuationToken {
            body.continuationToken = try container.decodeIfPresent(String.self, forKey: Key("continuation_token"))
        }
        if rule.decodesTarget { _ = try container.decodeIfPresent(String.self, forKey: Key("target")) }
        if rule.decodesRequiredAttributes {
            body.requiredAttributes = try container.decodeIfPresent([RequiredAttribute].self, forKey: Key("required_attributes"))?
                .map { RequiredAttributeWire(name: $0.name, type: $0.type, required: $0.required, regex: $0.options?.regex) }
        }
        if rule.decodesInvalidAttributes {
            body.invalidAttributes = try container.decodeIfPresent([NamedAttribute].self, forKey: Key("invalid_attributes"))?.map(\.name)
            _ = try container.decodeIfPresent([NamedAttribute].self, forKey: Key("unverified_attributes"))
        }
    }
}
