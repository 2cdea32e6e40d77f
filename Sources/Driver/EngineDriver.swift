import Foundation
import NativeAuth

/// One engine application with its own environment (transport, clock, ids, token cache), and the
/// one way an action is performed on it and its Outcome read. Replay (and through it the demo and
/// AuthTapeTesting), the fuzzer's cases and explored walks, and its transport phase drive the
/// engine with it; only the transport and where the state objects come from differ.
public final class EngineDriver: @unchecked Sendable {
    /// The application under test.
    public let app: MSALNativeAuthPublicClientApplication

    /// The client id the built-in flows and the fuzzer use.
    public static let defaultClientId = "11111111-2222-4333-8444-555555555555"

    /// An application of `clientId` at `authority` with the engine options named on the wire and the
    /// V2 settings (profile, link policy) of `v2Options`.
    /// - Throws: what the application's configuration refuses.
    public init(
        clientId: String = defaultClientId, authority: URL, challengeTypes: some Sequence<String>, capabilities: some Sequence<String>,
        transport: any Transport, clock: any NativeAuthClock = ImmediateClock(), uuids: any UUIDSource,
        tokenCache: TokenCache = TokenCache(), v2Options: MSALNativeAuthV2Options = MSALNativeAuthV2Options()
    ) throws {
        let environment = NativeAuthEnvironment(transport: transport, clock: clock, uuidSource: uuids, tokenCache: tokenCache)
        app = try MSALNativeAuthPublicClientApplication(
            clientId: clientId, authority: authority, challengeTypes: EngineOptions.challengeTypes(challengeTypes),
            capabilities: EngineOptions.capabilities(capabilities), environment: environment, v2Options: v2Options)
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
    public func perform(_ action: UserAction, held: HeldObjects) async -> Performed? {
        guard let result = await EngineCall.perform(
            action, app: app, state: held.state, methods: held.methods, account: held.account)
        else { return nil }
        return Performed(outcome: result.outcome, held: HeldObjects(of: result, after: held), result: result)
    }

    /// A performer of V2 actions on this application, holding nothing yet (``V2ActionPerformer``).
    public func v2Performer() -> V2ActionPerformer { V2ActionPerformer(app: app) }
}
