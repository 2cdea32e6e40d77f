import NativeAuthWire

/// One row of the V2 error table (spec native-auth-v2 §1.6): outer `error.code`, `innerError.code`,
/// the AADSTS number clients scrape from `message`, and `innerError.details[]` for attribute errors.
public struct HALErrorRow: Sendable, Hashable {
    public var code: String
    public var inner: String?
    public var aadsts: Int?
    public var message: String
    var details: [JSONNode] = []

    init(_ code: String, _ inner: String? = nil, aadsts: Int?, _ message: String, details: [JSONNode] = []) {
        self.code = code
        self.inner = inner
        self.aadsts = aadsts
        self.message = message
        self.details = details
    }

    init(_ code: V2ErrorCode, _ inner: V2ErrorCode? = nil, aadsts: Int?, _ message: String, details: [JSONNode] = []) {
        self.init(code.rawValue, inner?.rawValue, aadsts: aadsts, message, details: details)
    }

    /// `invalidGrant/invalidOneTimeCode AADSTS50184`.
    public var label: String { code + (inner.map { "/\($0)" } ?? "") + (aadsts.map { " AADSTS\($0)" } ?? "") }

    /// The nested envelope: `{"error":{"code","message","innerError":{"code","details"},"correlationId"}}`.
    var body: JSONNode {
        var error: [(key: String, value: JSONNode)] = [
            (V2Key.code, .string(code)), (V2Key.message, .string((aadsts.map { "AADSTS\($0): " } ?? "") + message)),
        ]
        var innerMembers: [(key: String, value: JSONNode)] = []
        if let inner { innerMembers.append((V2Key.code, .string(inner))) }
        if !details.isEmpty { innerMembers.append((V2Key.details, .array(details))) }
        if !innerMembers.isEmpty { error.append((V2Key.innerError, .object(innerMembers))) }
        error.append((V2Key.correlationID, .string("00000000-0000-4000-8000-0000000f2c01")))
        return .object([(V2Key.error, .object(error))])
    }

    static func detail(_ attribute: String, _ code: V2ErrorCode) -> JSONNode {
        .object([(V2Key.attributeIDs, .array([.string(attribute)])), (V2Key.code, .string(code.rawValue)),
                 (V2Key.message, .string("\(attribute) is not valid."))])
    }

    /// Every row of §1.6, the password family of its third row, its snake_case spellings and the
    /// generic codes seen in fixtures.
    public static let all: [HALErrorRow] = {
        let policy = "The password does not meet the policy."
        var rows = [
            HALErrorRow(.invalidGrant, .invalidOneTimeCode, aadsts: V2AADSTS.invalidOneTimeCode, "OTP is incorrect or has expired."),
            HALErrorRow(.invalidGrant, .invalidUserNameOrPassword, aadsts: V2AADSTS.invalidCredentials,
                        "Error validating credentials due to invalid username or password."),
        ]
        for inner: V2ErrorCode in [.passwordTooWeak, .passwordTooShort, .passwordTooLong, .passwordIsInvalid, .passwordRecentlyUsed, .passwordBanned] {
            rows.append(HALErrorRow(.invalidRequest, inner, aadsts: V2AADSTS.passwordTooWeak, policy))
        }
        rows += [
            HALErrorRow(.invalidRequest, aadsts: V2AADSTS.userNotFound, "The user account does not exist in the directory."),
            HALErrorRow(.invalidRequest, .attributeValidationError, aadsts: V2AADSTS.attributeValidation,
                        "One or more attributes failed validation.", details: [detail("email", .attributeRequired)]),
            HALErrorRow(.invalidRequest, .attributeValidationError, aadsts: V2AADSTS.attributeValidation,
                        "One or more attributes failed validation.", details: [detail("password", .passwordPolicyViolation)]),
            HALErrorRow(.invalidRequest, aadsts: V2AADSTS.userAlreadyExists, "An account with this email already exists.",
                        details: [detail("email", .userAlreadyExists)]),
            HALErrorRow(.invalidRequest, aadsts: V2AADSTS.invalidParameter, "username parameter is empty or not valid."),
            HALErrorRow(.invalidRequest, aadsts: V2AADSTS.invalidParameter, "continuationToken parameter is empty or not valid."),
            HALErrorRow(.invalidGrant, .invalidContinuationToken, aadsts: nil, "The continuation token is not valid."),
            HALErrorRow(.invalidRequest, .invalidContinuationToken, aadsts: nil, "The continuation token is not valid."),
            HALErrorRow(.redirectToWeb, aadsts: nil, "Finish signing in with the browser."),
            HALErrorRow("temporarily_unavailable", aadsts: nil, "The service is temporarily unavailable."),
            HALErrorRow("service_unavailable", aadsts: nil, "The service is unavailable."),
            HALErrorRow("invalid_request", aadsts: nil, "The request is not valid."),
            HALErrorRow("invalid_grant", "otp_expired", aadsts: nil, "The one-time code has expired."),
        ]
        // The snake_case spellings of one Android test version (§1.6 "Casing is uncertain").
        let snakeGrant = V2ErrorCode.invalidGrant.snakeCase
        rows += [
            HALErrorRow(snakeGrant, V2ErrorCode.invalidOneTimeCode.snakeCase, aadsts: V2AADSTS.invalidOneTimeCode, "OTP is incorrect."),
            HALErrorRow(snakeGrant, V2ErrorCode.invalidUserNameOrPassword.snakeCase, aadsts: V2AADSTS.invalidCredentials,
                        "Error validating credentials."),
            HALErrorRow(V2ErrorCode.invalidRequest.snakeCase, V2ErrorCode.passwordTooWeak.snakeCase, aadsts: V2AADSTS.passwordTooWeak, policy),
            HALErrorRow(snakeGrant, V2ErrorCode.invalidContinuationToken.snakeCase, aadsts: nil, "The continuation token is not valid."),
            HALErrorRow(snakeGrant, aadsts: V2AADSTS.userNotFound, "The user account does not exist in the directory."),
            HALErrorRow(snakeGrant, V2ErrorCode.webRedirectRequired.rawValue, aadsts: nil, "Finish signing in with the browser."),
        ]
        return rows
    }()
}

/// Replaces the answer, at whatever step, with one error of §1.6 (status 400, the nested envelope with
/// its AADSTS number in `message`).
public struct HALErrorCodeOperator: MutationOperator {
    public var name: String { "halErrorCode" }
    public var weight: Int { 6 }
    public init() {}
    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard HAL.object(response, context) != nil else { return nil }
        let row = random.pick(HALErrorRow.all)
        var out = Body.with(response, row.body)
        out.status = 400
        return Mutated(out, "400 \(row.label)")
    }
}

/// Breaks `error.innerError` of an error answer (making one from a §1.6 row first when the answer is
/// no error): missing, nested in itself, the wrong type, or a member of the wrong type.
public struct HALInnerErrorOperator: MutationOperator {
    public var name: String { "halInnerError" }
    public var weight: Int { 2 }
    public init() {}

    static let rowsWithInner = HALErrorRow.all.filter { $0.inner != nil }

    public func mutate(_ response: FuzzResponse, context: MutationContext, random: inout FuzzRandom) -> Mutated? {
        guard var node = HAL.object(response, context) else { return nil }
        if node[V2Key.error]?.members == nil { node = random.pick(HALInnerErrorOperator.rowsWithInner).body }
        let inner = node.value(at: [.key(V2Key.error), .key(V2Key.innerError)])
        let code = inner?[V2Key.code] ?? .string(V2ErrorCode.invalidOneTimeCode.rawValue)
        let other = JSONNode.string(random.pick(V2ErrorCode.known).rawValue)
        let variants: [(String, JSONNode?)] = [
            ("missing", nil),
            ("nested", .object([(V2Key.code, code), (V2Key.innerError, .object([(V2Key.code, other)]))])),
            ("as string", code.stringValue.map(JSONNode.string) ?? .string("invalidOneTimeCode")),
            ("as number", .number("50184")), ("as array", .array([.object([(V2Key.code, code)])])), ("as null", .null),
            ("code as number", .object([(V2Key.code, .number("50184"))])),
            ("details as string", .object([(V2Key.code, code), (V2Key.details, .string("password"))])),
        ]
        let (label, value) = random.pick(variants)
        let out = node.updating(at: [.key(V2Key.error)]) { error in
            value.map { error.setting(V2Key.innerError, to: $0) } ?? error.removing(V2Key.innerError)
        }
        var mutated = Body.with(response, out)
        if mutated.status < 400 { mutated.status = 400 }
        return Mutated(mutated, "\(V2Key.innerError) \(label)")
    }
}
