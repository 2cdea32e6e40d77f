import NativeAuthWire

/// A native-auth error answer (HTTP 400 unless said otherwise), built into the §2.3 envelope.
struct NativeAuthError: Error {
    var error: WireErrorCode
    /// The AADSTS code of `error_codes` and the description (the shared catalogue; literals are numbers).
    var code: AADSTSCode
    var message: String
    var suberror: WireSuberror?
    var status = 400
    var extra: [(String, EmulatorJSON)] = []

    init(_ error: WireErrorCode, _ code: AADSTSCode, _ message: String, suberror: WireSuberror? = nil,
         extra: [(String, EmulatorJSON)] = [])
    {
        self.error = error
        self.code = code
        self.message = message
        self.suberror = suberror
        self.extra = extra
    }

    // MARK: Common errors

    static func missing(_ field: String) -> NativeAuthError {
        NativeAuthError(
            .invalidRequest, 900144, "The request body must contain the following parameter: '\(field)'.")
    }

    static func invalidParameter(_ field: String) -> NativeAuthError {
        NativeAuthError(.invalidRequest, .invalidRequestParameter, "\(field) parameter is empty or not valid.")
    }

    static let invalidToken = NativeAuthError(.invalidRequest, .continuationTokenInvalid, "The continuation_token is invalid.")
    static let tokenForOtherStep = NativeAuthError(
        .invalidGrant, .continuationTokenInvalid, "The continuation_token provided is not valid for this endpoint or step.")
    static let tokenUsed = NativeAuthError(.invalidGrant, .continuationTokenInvalid, "The continuation_token has already been used.")
    static let expiredToken = NativeAuthError(.expiredToken, .continuationTokenExpired, "The continuation_token has expired.")
    static let wrongCode = NativeAuthError(
        .invalidGrant, 50181, "The one-time code is incorrect or has expired.", suberror: .invalidOOBValue)

    static func userNotFound(_ asGrant: Bool) -> NativeAuthError {
        asGrant
            ? NativeAuthError(.invalidGrant, .userNotFound, "The user account does not exist in the directory.")
            : NativeAuthError(.userNotFound, .userNotFound, "The user account does not exist in the directory.")
    }
}
