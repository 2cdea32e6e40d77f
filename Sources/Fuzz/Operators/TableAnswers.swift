import NativeAuthWire
import Oracle

/// Table-directed answers: the oracle's outcome-table rows read as data. For the step an answer goes
/// to, the operator picks one of the step's rows and builds an answer of that row's response class
/// from its pattern (kind, error, suberror, first or contained error code, description marker,
/// challenge type, poll status, fields required or missing), on top of the unmutated answer, so classes
/// that only a combination of operators reaches (a 200 redirect from signup/continue, 50126 second in
/// `error_codes`) come up as often as any other row. The verdict still comes from the oracle's walk of
/// the bytes built, never from the row chosen; a second operator may mutate around it.
public struct TableAnswerOperator: MutationOperator {
    public let name = "tableAnswer"
    public var weight: Int { 6 }

    public init() {}

    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        let rows = OutcomeTable.rows(for: context.step).filter { !$0.match.kinds.subtracting([.notSent]).isEmpty }
        guard !rows.isEmpty else { return nil }
        let row = rows[random.below(rows.count)]
        let kinds = ResponseClass.Kind.allCases.filter { row.match.kinds.contains($0) && $0 != .notSent }
        guard !kinds.isEmpty else { return nil }
        let kind = kinds[random.below(kinds.count)]
        guard let built = TableAnswers.answer(kind: kind, pattern: row.match, base: response, random: &random) else { return nil }
        return Mutated(built, "row \(row.specRef) as \(kind.rawValue)")
    }
}

/// Builds answers of a response class from a row's pattern.
enum TableAnswers {
    /// The most answers a chain adds after a table answer (the poll loop needs six calls to its last).
    static let chainLimit = 8

    /// After a table answer at `index`: when the walk goes on to a step that the rest of the action's
    /// answers were not written for (or there is no rest), the rest becomes table answers of the steps the
    /// walk goes to, one row each, until a row ends the action or ``chainLimit`` answers were added. Rows
    /// that go on are picked seven times in ten, so the rows behind a `proceed` (the introspect after
    /// `mfa_required`, a preverified registration, the last poll) are reached as well.
    static func completeChain(step: Step, responses: inout [FuzzResponse], after index: Int, random: inout FuzzRandom) {
        guard index < responses.count else { return }
        // The oracle's own walk, without the transport failures ``Judge/predict(step:responses:)`` adds
        // after the script: a walk that needs another answer ends in `.proceed`.
        func walk(_ answers: [FuzzResponse]) -> ChainPrediction { OutcomeTable.walk(from: step, responses: answers.map(Judge.raw)) }
        var chain = Array(responses[...index])
        guard case .proceed(var target) = walk(chain).expectation else { return }
        let whole = walk(responses).hops
        if whole.count > index + 1, whole[index + 1].step == target { return }
        for number in 0..<chainLimit {
            let rows = OutcomeTable.rows(for: target).filter { !$0.match.kinds.subtracting([.notSent]).isEmpty }
            let onward = rows.filter { $0.expectation.outcome == nil }
            let pool = !onward.isEmpty && random.chance(70) ? onward : rows
            guard !pool.isEmpty else { break }
            let row = pool[random.below(pool.count)]
            let kinds = ResponseClass.Kind.allCases.filter { row.match.kinds.contains($0) && $0 != .notSent }
            guard !kinds.isEmpty else { break }
            let base = FuzzResponse(status: 200, json: #"{"continuation_token":"TBL-CHAIN-\#(number + 1)"}"#)
            guard let built = answer(kind: kinds[random.below(kinds.count)], pattern: row.match, base: base, random: &random)
            else { break }
            chain.append(built)
            guard case .proceed(let next) = walk(chain).expectation else { break }
            target = next
        }
        responses = chain
    }

    static func answer(kind: ResponseClass.Kind, pattern: ResponsePattern, base: FuzzResponse,
                       random: inout FuzzRandom) -> FuzzResponse? {
        var members = (base.fault == nil ? JSONNode.parse(base.body)?.members : nil) ?? []
        func set(_ key: String, _ value: JSONNode) {
            if let index = members.firstIndex(where: { $0.key == key }) { members[index].value = value } else { members.append((key, value)) }
        }
        func drop(_ key: String) { members.removeAll { $0.key == key } }
        func response(_ status: Int) -> FuzzResponse {
            FuzzResponse(status: status, body: JSONNode.object(members).serializedBytes())
        }
        switch kind {
        case .success:
            for key in ["error", "suberror", "error_codes", "error_description"] { drop(key) }
            if let type = pick(pattern.challengeType, ["oob", "password", "redirect", "preverified", "otp_x"], &random) {
                set("challenge_type", .string(type))
            } else if pattern.challengeType == .absent {
                drop("challenge_type")
            }
            if let status = pick(pattern.pollStatus, ["succeeded", "failed", "in_progress", "not_started", "pending_x"], &random) {
                set("status", .string(status))
            } else if pattern.pollStatus == .absent {
                drop("status")
            }
            for field in pattern.requires.sorted() where !members.contains(where: { $0.key == field.rawValue }) {
                if field == .cacheableTokens {
                    // Not a member but a set of them: what MSAL caches.
                    for (key, value) in cacheableTokens where !members.contains(where: { $0.key == key }) { set(key, value) }
                } else {
                    set(field.rawValue, sample(field))
                }
            }
            let lacking = pattern.lacksOneOf.sorted()
            if !lacking.isEmpty { drop(lacking[random.below(lacking.count)].rawValue) }
            // A row below one that needs more (preverified without a continuation token, after the row
            // with one) is reached only when a member the row does not need is missing.
            let optional = members.map(\.key).filter { key in
                key != "challenge_type" && key != "status" && !pattern.requires.contains { $0.rawValue == key }
            }
            if !optional.isEmpty, random.chance(25) { drop(optional[random.below(optional.count)]) }
            return response(200)
        case .redirect:
            return FuzzResponse(status: 200, json: #"{"challenge_type":"redirect"}"#)
        case .apiError, .unknownError:
            members = []
            let errors = pattern.errors.map { $0.sorted() } ?? ["invalid_request", "invalid_grant", "expired_token"]
            let error = kind == .unknownError ? "unknown_error_x" : (errors.isEmpty ? "invalid_request" : errors[random.below(errors.count)])
            set("error", .string(error))
            if let sub = pick(pattern.suberror, ["password_too_weak", "invalid_oob_value", "provider_blocked_by_rep",
                                                 "mfa_required", "registration_required", "brand_new_x"], &random) {
                set("suberror", .string(sub))
            }
            var codes: [Int] = []
            if let first = pattern.firstErrorCode { codes.append(first) }
            if let contained = pattern.errorCodesContain, !codes.contains(contained) {
                codes += random.chance(50) ? [contained] : [90100, contained]
            }
            if codes.isEmpty { codes = [[50126, 55103, 90100, 500222][random.below(4)]] }
            // A known code in a later position: only the first one counts (§6.3).
            if random.chance(30) { codes.append([50126, 500222, 50034, 50076][random.below(4)]) }
            set("error_codes", .array(codes.map { .number(String($0)) }))
            let marker = pattern.descriptionMarker?.rawValue ?? "made-up description"
            set("error_description", .string("AADSTS\(codes[0]): \(marker)."))
            if random.chance(70) { set("continuation_token", .string("TBL-CT-\(random.below(1000))")) }
            for field in pattern.requires.sorted() { set(field.rawValue, sample(field)) }
            return response([400, 400, 400, 401][random.below(4)])
        case .undecodable:
            guard pattern.problem == .unknownEnumValue else {
                return FuzzResponse(status: 200, body: Array("{\"continuation_token\":".utf8))
            }
            // A value no enum of the answer knows: a poll status or a challenge type (each endpoint
            // reads only its own, so both are set).
            set("status", .string("pending_x"))
            set("challenge_type", .string("otp_x"))
            return response(200)
        case .pkeyAuthChallenge:
            var answer = FuzzResponse(status: 401, json: "{}")
            answer.headers.append(.init("WWW-Authenticate", #"PKeyAuth Nonce="n1", Version="1.0", Context="c1""#))
            return answer
        case .serverError:
            return FuzzResponse(status: [500, 503][random.below(2)], json: #"{"error":"server_error"}"#)
        case .otherStatus:
            return FuzzResponse(status: [404, 403][random.below(2)], json: "{}")
        case .transportFailure:
            return FuzzResponse(status: 0, body: [], fault: .connectionReset)
        case .notSent:
            return nil
        }
    }

    /// A value a ValueMatch accepts (nil: leave the member as it is, or absent).
    static func pick(_ match: ResponsePattern.ValueMatch, _ candidates: [String], _ random: inout FuzzRandom) -> String? {
        switch match {
        case .any, .absent: return nil
        case .present: return candidates[random.below(candidates.count)]
        case .oneOf(let set):
            let sorted = set.sorted()
            return sorted.isEmpty ? nil : sorted[random.below(sorted.count)]
        case .noneOf(let set):
            let allowed = candidates.filter { !set.contains($0) }
            return allowed.isEmpty ? "other_x" : allowed[random.below(allowed.count)]
        }
    }

    /// A `/token` 200 that MSAL can cache: tokens, lifetime and a `client_info` of `{uid, utid}`.
    static let cacheableTokens: [(String, JSONNode)] = [
        ("token_type", .string("Bearer")), ("scope", .string("openid profile offline_access")),
        ("expires_in", .number("3600")), ("access_token", .string("AT-table")), ("refresh_token", .string("RT-table")),
        ("id_token", .string("IDT-table")),
        ("client_info", .string(Base64URL.encode(Array(#"{"uid":"uid-table","utid":"utid-table"}"#.utf8)))),
    ]

    /// A well-formed value of a response field.
    static func sample(_ field: ResponseClass.Field) -> JSONNode {
        switch field {
        case .continuationToken: .string("TBL-CT-1")
        case .challengeTargetLabel: .string("a***x@ex****e.com")
        case .challengeTarget: .string("alex.backup@example.com")
        case .challengeChannel: .string("email")
        case .codeLength: .number("8")
        case .pollInterval: .number("1")
        case .status: .string("succeeded")
        case .invalidAttributes: .array([.object([("name", .string("city"))])])
        case .requiredAttributes: .array([.object([("name", .string("city")), ("type", .string("string")), ("required", .bool(true))])])
        case .methods: .array([.object([("id", .string("m1")), ("challenge_type", .string("oob")), ("challenge_channel", .string("email")),
                                        ("login_hint", .string("a***x@ex****e.com"))])])
        case .cacheableTokens, .accessToken: .string("AT-table")
        }
    }
}
