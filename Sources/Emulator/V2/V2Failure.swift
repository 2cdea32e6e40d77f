import Foundation
import NativeAuthWire

/// A V2 interaction error, rendered as the nested envelope of spec native-auth-v2 §1.6:
/// `{"error":{"code","message":"AADSTSnnnn: …","innerError":{"code","details"},"correlationId",…}}`.
struct V2Failure: Error {
    var status = 400
    var code: V2ErrorCode
    var inner: V2ErrorCode?
    /// Scraped by clients from `message`; nil writes no `AADSTS` prefix.
    var aadsts: Int?
    var message: String
    /// `innerError.details[]`.
    var details: [EmulatorJSON] = []

    init(_ code: V2ErrorCode, _ inner: V2ErrorCode? = nil, aadsts: Int?, _ message: String, details: [EmulatorJSON] = []) {
        self.code = code
        self.inner = inner
        self.aadsts = aadsts
        self.message = message
        self.details = details
    }

    // MARK: Common failures

    static let invalidToken = V2Failure(
        .invalidRequest, .invalidContinuationToken, aadsts: AADSTSCode.continuationTokenInvalid.rawValue,
        "The continuationToken is invalid or not valid for this step.")
    static let expiredToken = V2Failure(
        .invalidRequest, .invalidContinuationToken, aadsts: AADSTSCode.continuationTokenExpired.rawValue,
        "The continuationToken has expired.")
    static let wrongCode = V2Failure(
        .invalidGrant, .invalidOneTimeCode, aadsts: V2AADSTS.invalidOneTimeCode, "OTP is incorrect or has expired.")
    static let wrongPassword = V2Failure(
        .invalidGrant, .invalidUserNameOrPassword, aadsts: V2AADSTS.invalidCredentials,
        "Error validating credentials due to invalid username or password.")
    static let userNotFound = V2Failure(
        .invalidRequest, aadsts: V2AADSTS.userNotFound, "The user account does not exist in the directory.")

    static func invalidParameter(_ name: String) -> V2Failure {
        V2Failure(.invalidRequest, aadsts: V2AADSTS.invalidParameter, "\(name) parameter is empty or not valid.")
    }

    static func unknownMethod(_ id: String) -> V2Failure {
        V2Failure(.invalidRequest, aadsts: AADSTSCode.invalidRequestParameter.rawValue, "No authentication method '\(id)' in this flow.")
    }

    /// An attribute error: `attributeValidationError` with one detail per rejected attribute.
    static func attributes(_ rejected: [(id: String, code: V2ErrorCode, message: String)], casing: EmulatorConfig.NativeAuthV2.ErrorCodeCasing)
        -> V2Failure
    {
        V2Failure(
            .invalidRequest, .attributeValidationError, aadsts: V2AADSTS.attributeValidation,
            "One or more attributes failed validation.",
            details: rejected.map { item in
                .object([
                    (V2Key.attributeIDs, .array([.string(item.id)])),
                    (V2Key.code, .string(spell(item.code, casing))), (V2Key.message, .string(item.message)),
                ])
            })
    }

    /// Maps a V1 password-policy violation onto the V2 inner codes of §1.6.
    init(passwordPolicy v1: NativeAuthError) {
        let pairs: [(WireSuberror, V2ErrorCode)] = [
            (.passwordTooShort, .passwordTooShort), (.passwordTooLong, .passwordTooLong),
            (.passwordIsInvalid, .passwordIsInvalid), (.passwordRecentlyUsed, .passwordRecentlyUsed),
            (.passwordBanned, .passwordBanned),
        ]
        let inner = pairs.first { $0.0 == v1.suberror }?.1 ?? .passwordTooWeak
        self.init(.invalidRequest, inner, aadsts: V2AADSTS.passwordTooWeak, v1.message)
    }

    static func spell(_ code: V2ErrorCode, _ casing: EmulatorConfig.NativeAuthV2.ErrorCodeCasing) -> String {
        casing == .camelCase || !code.isKnown ? code.rawValue : code.snakeCase
    }

    /// The envelope.
    func body(casing: EmulatorConfig.NativeAuthV2.ErrorCodeCasing, correlationID: String, traceID: String, timestamp: String)
        -> EmulatorJSON
    {
        var error: [(String, EmulatorJSON)] = [(V2Key.code, .string(Self.spell(code, casing)))]
        error.append((V2Key.message, .string(aadsts.map { "AADSTS\($0): \(message)" } ?? message)))
        if inner != nil || !details.isEmpty {
            var innerPairs: [(String, EmulatorJSON)] = []
            if let inner { innerPairs.append((V2Key.code, .string(Self.spell(inner, casing)))) }
            if !details.isEmpty { innerPairs.append((V2Key.details, .array(details))) }
            error.append((V2Key.innerError, .object(innerPairs)))
        }
        error.append((V2Key.correlationID, .string(correlationID)))
        error.append((V2Key.traceID, .string(traceID)))
        error.append((V2Key.timestamp, .string(timestamp)))
        return .object([(V2Key.error, .object(error))])
    }
}
