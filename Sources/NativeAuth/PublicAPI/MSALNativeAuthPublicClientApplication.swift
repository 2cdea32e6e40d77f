import Foundation

/// The entry point, shaped like MSAL's: start sign-up, sign-in or password reset; read the cached account.
///
/// Threading: each call starts a task that runs the flow; delegate methods are `@MainActor` and are
/// called on the main actor, as MSAL does. The async forms return the result to the caller instead.
public final class MSALNativeAuthPublicClientApplication: Sendable {
    let engine: NativeAuthEngine
    /// The V2 settings (profile, link policy).
    let v2Options: MSALNativeAuthV2Options

    /// Creates an application from a native-auth configuration, with the live environment.
    public convenience init(nativeAuthConfiguration: MSALNativeAuthPublicClientApplicationConfig) throws {
        self.init(nativeAuthConfiguration: nativeAuthConfiguration, environment: NativeAuthEnvironment())
    }

    /// Creates an application with an injected environment (transport, clock, ids, cache, observers), for
    /// tests, replay and fuzzing.
    public init(
        nativeAuthConfiguration: MSALNativeAuthPublicClientApplicationConfig, environment: NativeAuthEnvironment,
        v2Options: MSALNativeAuthV2Options = MSALNativeAuthV2Options()
    ) {
        self.v2Options = v2Options
        engine = NativeAuthEngine(
            configuration: nativeAuthConfiguration.engineConfiguration, transport: environment.transport,
            clock: environment.clock, uuids: environment.uuidSource, cache: environment.tokenCache,
            outcomeObserver: environment.outcomeObserver, dispatchObserver: environment.dispatchObserver,
            webPresenter: environment.webPresenter)
    }

    /// Creates an application for `https://<tenantSubdomain>.ciamlogin.com` (MSAL's deprecated form).
    public convenience init(
        clientId: String, tenantSubdomain: String, challengeTypes: MSALNativeAuthChallengeTypes, redirectUri: String? = nil
    ) throws {
        let config = try MSALNativeAuthPublicClientApplicationConfig(
            clientId: clientId, tenantSubdomain: tenantSubdomain, challengeTypes: challengeTypes)
        config.redirectUri = redirectUri
        try self.init(nativeAuthConfiguration: config)
    }

    /// Creates an application from MSAL's general configuration (deprecated form); it needs an authority.
    public convenience init(configuration: MSALPublicClientApplicationConfig, challengeTypes: MSALNativeAuthChallengeTypes) throws {
        guard let authority = configuration.authority else {
            throw NativeAuthUsageError("the configuration has no CIAM authority")
        }
        let config = MSALNativeAuthPublicClientApplicationConfig(
            clientId: configuration.clientId, authority: authority, challengeTypes: challengeTypes)
        config.redirectUri = configuration.redirectUri
        try self.init(nativeAuthConfiguration: config)
    }

    /// Creates an application for an authority URL (any http(s) host, e.g. an emulator), optionally with an
    /// injected environment.
    public convenience init(
        clientId: String, authority: URL, challengeTypes: MSALNativeAuthChallengeTypes,
        capabilities: MSALNativeAuthCapabilities = [], redirectUri: String? = nil,
        environment: NativeAuthEnvironment = NativeAuthEnvironment(),
        v2Options: MSALNativeAuthV2Options = MSALNativeAuthV2Options()
    ) throws {
        let config = MSALNativeAuthPublicClientApplicationConfig(
            clientId: clientId, authority: try MSALCIAMAuthority(url: authority), challengeTypes: challengeTypes)
        config.capabilities = capabilities
        config.redirectUri = redirectUri
        self.init(nativeAuthConfiguration: config, environment: environment, v2Options: v2Options)
    }

    // MARK: Delegate API

    /// Starts a sign-up; results go to `delegate` on the main actor.
    public func signUp(parameters: MSALNativeAuthSignUpParameters, delegate: any SignUpStartDelegate) {
        let machine = signUpMachine(parameters)
        engine.launch(machine, correlationId: machine.context.correlationId, delegate: delegate) {
            $0.dispatch(to: $1, correlationId: $2)
        }
    }

    /// Starts a sign-in; results go to `delegate` on the main actor.
    public func signIn(parameters: MSALNativeAuthSignInParameters, delegate: any SignInStartDelegate) {
        let machine = signInMachine(parameters)
        engine.launch(machine, correlationId: machine.context.correlationId, delegate: delegate) {
            $0.dispatch(to: $1, correlationId: $2)
        }
    }

    /// Starts a password reset; results go to `delegate` on the main actor.
    public func resetPassword(parameters: MSALNativeAuthResetPasswordParameters, delegate: any ResetPasswordStartDelegate) {
        let machine = resetPasswordMachine(parameters)
        engine.launch(machine, correlationId: machine.context.correlationId, delegate: delegate) {
            $0.dispatch(to: $1, correlationId: $2)
        }
    }

    /// The first cached account that has an id token, or nil.
    public func getNativeAuthUserAccount(correlationId: UUID? = nil) -> MSALNativeAuthUserAccountResult? {
        engine.cache.firstWithIdToken().map {
            MSALNativeAuthUserAccountResult(account: MSALAccount($0), engine: engine, homeAccountId: $0.homeAccountId)
        }
    }

    // MARK: Async API

    /// Starts a sign-up and returns its result.
    public func signUp(parameters: MSALNativeAuthSignUpParameters) async -> SignUpStartResult {
        let machine = signUpMachine(parameters)
        return await engine.run(machine, correlationId: machine.context.correlationId)
    }

    /// Starts a sign-up from plain values (attributes as strings).
    public func signUp(username: String, password: String? = nil, attributes: [String: String]? = nil,
                       correlationId: UUID? = nil) async -> SignUpStartResult {
        let parameters = MSALNativeAuthSignUpParameters(username: username)
        parameters.password = password
        parameters.attributes = attributes
        parameters.correlationId = correlationId
        return await signUp(parameters: parameters)
    }

    /// Starts a sign-in and returns its result.
    public func signIn(parameters: MSALNativeAuthSignInParameters) async -> SignInStartResult {
        let machine = signInMachine(parameters)
        return await engine.run(machine, correlationId: machine.context.correlationId)
    }

    /// Starts a sign-in from plain values.
    public func signIn(username: String, password: String? = nil, scopes: [String]? = nil,
                       correlationId: UUID? = nil) async -> SignInStartResult {
        let parameters = MSALNativeAuthSignInParameters(username: username)
        parameters.password = password
        parameters.scopes = scopes
        parameters.correlationId = correlationId
        return await signIn(parameters: parameters)
    }

    /// Starts a password reset and returns its result.
    public func resetPassword(parameters: MSALNativeAuthResetPasswordParameters) async -> ResetPasswordStartResult {
        let machine = resetPasswordMachine(parameters)
        return await engine.run(machine, correlationId: machine.context.correlationId)
    }

    /// Starts a password reset from a username.
    public func resetPassword(username: String, correlationId: UUID? = nil) async -> ResetPasswordStartResult {
        let parameters = MSALNativeAuthResetPasswordParameters(username: username)
        parameters.correlationId = correlationId
        return await resetPassword(parameters: parameters)
    }

    // MARK: Machines

    private func signUpMachine(_ parameters: MSALNativeAuthSignUpParameters) -> SignUpStartMachine {
        let json = parameters.attributes.map(AttributeSerialisation.json)
        return SignUpStartMachine(
            context: engine.context(username: parameters.username, correlationId: parameters.correlationId),
            password: parameters.password, attributesJSON: json ?? nil, attributesUnserialisable: json == .some(nil))
    }

    private func signInMachine(_ parameters: MSALNativeAuthSignInParameters) -> SignInStartMachine {
        SignInStartMachine(
            context: engine.context(
                username: parameters.username, correlationId: parameters.correlationId, scopes: parameters.scopes ?? [],
                claims: parameters.claimsRequest?.jsonString()),
            password: parameters.password)
    }

    private func resetPasswordMachine(_ parameters: MSALNativeAuthResetPasswordParameters) -> ResetPasswordStartMachine {
        ResetPasswordStartMachine(
            context: engine.context(username: parameters.username, correlationId: parameters.correlationId))
    }
}
