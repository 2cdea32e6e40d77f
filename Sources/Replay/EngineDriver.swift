import Foundation
import NativeAuth

/// What an app holds between two actions: the state object the last result handed over, the auth
/// methods it was offered, the signed-in account and the last error's message.
public struct HeldObjects: @unchecked Sendable {
    public var state: AnyObject?
    public var methods: [MSALAuthMethod]
    public var errorMessage: String?
    /// The signed-in account, kept from the sign-in that handed it over (an app keeps it too).
    public var account: MSALNativeAuthUserAccountResult?

    /// Nothing yet: before a flow's first action.
    public init(state: AnyObject? = nil, methods: [MSALAuthMethod] = [], errorMessage: String? = nil,
                account: MSALNativeAuthUserAccountResult? = nil) {
        self.state = state
        self.methods = methods
        self.errorMessage = errorMessage
        self.account = account
    }

    /// What `result` hands over (read through ``OutcomeConvertible/handedOver``, without reflection).
    public init(of result: any OutcomeConvertible) {
        let handed = result.handedOver
        state = handed.state
        methods = handed.authMethods
        errorMessage = handed.error?.errorDescription
        account = handed.account
    }

    /// What an app holds after `result` when it held `previous` before: what the result handed over,
    /// and the auth methods and signed-in account it was given earlier when this result gives none (an
    /// app keeps them for later calls: another challenge from MFARequiredState, getAccessToken).
    public init(of result: any OutcomeConvertible, after previous: HeldObjects) {
        self.init(of: result)
        if methods.isEmpty { methods = previous.methods }
        if account == nil { account = previous.account }
    }
}

/// One engine application with its own environment (transport, clock, ids, token cache), and the
/// one way an action is performed on it and its Outcome read. Replay (and through it the demo and
/// AuthTapeTesting), the fuzzer's cases and explored walks, and its transport phase drive the
/// engine with it; only the transport and where the state objects come from differ.
public final class EngineDriver: @unchecked Sendable {
    /// The application under test.
    public let app: MSALNativeAuthPublicClientApplication

    /// The client id the built-in flows and the fuzzer use.
    public static let defaultClientId = "11111111-2222-4333-8444-555555555555"

    /// An application of `clientId` at `authority` with the engine options named on the wire.
    /// - Throws: what the application's configuration refuses.
    public init(
        clientId: String = defaultClientId, authority: URL, challengeTypes: some Sequence<String>, capabilities: some Sequence<String>,
        transport: any Transport, clock: any NativeAuthClock = ImmediateClock(), uuids: any UUIDSource,
        tokenCache: TokenCache = TokenCache()
    ) throws {
        let environment = NativeAuthEnvironment(transport: transport, clock: clock, uuidSource: uuids, tokenCache: tokenCache)
        app = try MSALNativeAuthPublicClientApplication(
            clientId: clientId, authority: authority, challengeTypes: EngineOptions.challengeTypes(challengeTypes),
            capabilities: EngineOptions.capabilities(capabilities), environment: environment)
    }

    /// What one action gave the app.
    public struct Performed {
        /// The Outcome the engine reported for the action.
        public var outcome: Outcome
        /// What the app holds afterwards.
        public var held: HeldObjects
        /// The result object itself.
        public var result: any OutcomeConvertible
    }

    /// Performs `action` with what the app holds (``EngineCall``); nil when the object the action
    /// needs is missing or has no such method. The Outcome is the result's own (what the engine's
    /// outcome observer would be told: the same value).
    public func perform(_ action: ReplayAction, held: HeldObjects) async -> Performed? {
        guard let result = await EngineCall.perform(
            action, app: app, state: held.state, methods: held.methods, account: held.account)
        else { return nil }
        return Performed(outcome: result.outcome, held: HeldObjects(of: result, after: held), result: result)
    }
}
