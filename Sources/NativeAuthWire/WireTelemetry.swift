/// MSAL iOS server-telemetry ids sent in `x-client-current-telemetry` (spec §3.1).
public struct WireTelemetry: Hashable, Sendable, CustomStringConvertible {
    /// The API id (75010 sign-up, 74002 sign-in, 75002 token, 75009 SSPR, 75029 registration).
    public var apiID: Int
    /// The operation type within the API.
    public var operation: Int

    /// Creates the value from its parts.
    public init(apiID: Int, operation: Int) {
        self.apiID = apiID
        self.operation = operation
    }

    /// The ids MSAL iOS uses for a call to `endpoint`; for the token endpoint the operation is 1 for
    /// `refresh_token` and 0 for every other grant.
    public init(endpoint: NativeAuthEndpoint, grantType: WireGrantType? = nil) {
        switch endpoint {
        case .signUpStart: self.init(apiID: 75010, operation: 3)
        case .signUpChallenge: self.init(apiID: 75010, operation: 4)
        case .signUpContinue: self.init(apiID: 75010, operation: 5)
        case .signInInitiate: self.init(apiID: 74002, operation: 2)
        case .signInChallenge: self.init(apiID: 74002, operation: 3)
        case .signInIntrospect: self.init(apiID: 74002, operation: 4)
        case .token: self.init(apiID: 75002, operation: grantType == .refreshToken ? 1 : 0)
        case .resetPasswordStart: self.init(apiID: 75009, operation: 0)
        case .resetPasswordChallenge: self.init(apiID: 75009, operation: 1)
        case .resetPasswordContinue: self.init(apiID: 75009, operation: 2)
        case .resetPasswordSubmit: self.init(apiID: 75009, operation: 3)
        case .resetPasswordPollCompletion: self.init(apiID: 75009, operation: 4)
        case .registerIntrospect: self.init(apiID: 75029, operation: 0)
        case .registerChallenge: self.init(apiID: 75029, operation: 1)
        case .registerContinue: self.init(apiID: 75029, operation: 2)
        }
    }

    /// The `x-client-current-telemetry` value, schema 4: `4|<apiId>,<operation>|`.
    public var headerValue: String { "4|\(apiID),\(operation)|" }

    public var description: String { headerValue }
}
