import Foundation

/// A signed-in account with its tokens in the engine's cache.
public final class MSALNativeAuthUserAccountResult: Sendable {
    /// The account.
    public let account: MSALAccount
    let engine: NativeAuthEngine
    let homeAccountId: String

    init(account: MSALAccount, engine: NativeAuthEngine, homeAccountId: String) {
        self.account = account
        self.engine = engine
        self.homeAccountId = homeAccountId
    }

    /// The cached id token.
    public var idToken: String? { engine.cache.entry(homeAccountId: homeAccountId)?.idToken }

    /// Removes this account's tokens from the cache.
    public func signOut() { engine.cache.remove(homeAccountId: homeAccountId) }

    /// Returns an access token: the cached one when valid for the scopes, else one from the refresh-token grant.
    public func getAccessToken(parameters: MSALNativeAuthGetAccessTokenParameters, delegate: any CredentialsDelegate) {
        let machine = makeMachine(parameters)
        engine.launch(machine, correlationId: machine.correlationId, delegate: delegate) {
            $0.dispatch(to: $1, correlationId: $2)
        }
    }

    /// Returns an access token (async form).
    public func getAccessToken(parameters: MSALNativeAuthGetAccessTokenParameters = MSALNativeAuthGetAccessTokenParameters())
        async -> RetrieveAccessTokenResult
    {
        let machine = makeMachine(parameters)
        return await engine.run(machine, correlationId: machine.correlationId)
    }

    private func makeMachine(_ parameters: MSALNativeAuthGetAccessTokenParameters) -> CredentialsMachine {
        CredentialsMachine(
            engine: engine, homeAccountId: homeAccountId, correlationId: parameters.correlationId ?? engine.uuids.next(),
            scopes: parameters.scopes ?? [], claims: parameters.claimsRequest?.jsonString(),
            forceRefresh: parameters.forceRefresh, returnRefreshToken: parameters.returnRefreshToken)
    }
}

extension NativeAuthEngine {
    /// Caches the tokens of a completed sign-in and returns the account result.
    func storeSignIn(_ set: TokenSet) -> MSALNativeAuthUserAccountResult {
        cache.store(set)
        return MSALNativeAuthUserAccountResult(account: MSALAccount(set), engine: self, homeAccountId: set.homeAccountId)
    }
}

/// Results of `getAccessToken`.
@MainActor
public protocol CredentialsDelegate: AnyObject {
    /// Retrieving the token failed.
    func onAccessTokenRetrieveError(error: RetrieveAccessTokenError)
    /// The token.
    func onAccessTokenRetrieveCompleted(result: MSALNativeAuthTokenResult)
}

extension CredentialsDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onAccessTokenRetrieveCompleted(result: MSALNativeAuthTokenResult) {
        DelegateFallback.note("onAccessTokenRetrieveCompleted")
    }
}

/// What `getAccessToken` ended in.
public enum RetrieveAccessTokenResult: OutcomeConvertible {
    /// The token.
    case completed(MSALNativeAuthTokenResult)
    /// Failed (always a general error, as in MSAL 2.13).
    case error(RetrieveAccessTokenError)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .completed: .callback("onAccessTokenRetrieveCompleted")
        case .error(let error): .error("onAccessTokenRetrieveError", error)
        }
    }

    @MainActor func dispatch(to delegate: any CredentialsDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .completed(let result):
            delegate.onAccessTokenRetrieveCompleted(result: result)
            guard let missing = DelegateFallback.take() else { return outcome }
            let error = RetrieveAccessTokenError(type: .generalError, message: DelegateFallback.message(missing),
                                                 correlationId: correlationId)
            delegate.onAccessTokenRetrieveError(error: error)
            return .error("onAccessTokenRetrieveError", error)
        case .error(let error):
            delegate.onAccessTokenRetrieveError(error: error)
            return outcome
        }
    }
}
