import Foundation
import HAR
import NativeAuth

/// Performs script actions on the engine (through ``EngineDriver``) and keeps the states the
/// engine handed back, so the next action can be called on them (MSAL states are never
/// invalidated).
struct ActionPerformer {
    let driver: EngineDriver
    /// The latest state object of each class the engine handed out, and the signed-in account.
    private var states: [String: AnyObject] = [:]
    /// States handed out as an outcome's `newState`, by class name and the token they hold.
    private var statesByToken: [String: AnyObject] = [:]

    init(driver: EngineDriver) { self.driver = driver }

    /// Why an action could not be performed.
    struct Refusal: Error { var message: String }

    /// Runs `action` (on `stateName` when it continues a flow) and returns the engine's outcome. When the
    /// recorded request sent `token`, the state that holds that token is used (an app may go back to an
    /// older state object), else the latest state of the class.
    mutating func perform(_ action: ReplayAction, on stateName: String?, token: String?) async throws(Refusal)
        -> Outcome
    {
        var state: AnyObject?
        var account: MSALNativeAuthUserAccountResult?
        switch action {
        case .signUp, .signIn, .resetPassword:
            break
        case .getAccessToken:
            guard let signedIn = states[ScriptInference.accountState] as? MSALNativeAuthUserAccountResult else {
                throw Refusal(message: "getAccessToken needs a signed-in account, and the engine has none")
            }
            account = signedIn
        default:
            state = try self.state(stateName, token: token, for: action)
        }
        guard let performed = await driver.perform(action, held: HeldObjects(state: state, account: account)) else {
            throw Refusal(message: "\(action.name) cannot be called on \(state.map { String(describing: type(of: $0)) } ?? "nothing")")
        }
        let result = performed.result
        let outcome = performed.outcome
        // Only results that hand over a state or an account need to be searched.
        if outcome.newState != nil || outcome.callback == "onSignInCompleted" { keepStates(of: result) }
        if let name = outcome.newState, let token = outcome.newStateToken, let state = states[name] {
            statesByToken[name + " " + token] = state
        }
        return outcome
    }

    private func state(_ name: String?, token: String?, for action: ReplayAction) throws(Refusal) -> AnyObject {
        if let name, let token, let state = statesByToken[name + " " + token] { return state }
        guard let name, let state = states[name] else {
            throw Refusal(message: "\(action.name) is called on \(name ?? "a state"), and the engine handed out none")
        }
        return state
    }

    /// Remembers the state object (and account) a result hands over, by class name.
    private mutating func keepStates(of result: any OutcomeConvertible) {
        let handed = result.handedOver
        if let account = handed.account { states[ScriptInference.accountState] = account }
        if let state = handed.state { states[String(describing: type(of: state))] = state }
    }
}
