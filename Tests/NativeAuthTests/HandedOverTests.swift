import Foundation
import Testing
@testable import NativeAuth

/// `handedOver` must give the very state object the result enum carries (replay and fuzz call the next
/// action on it) and the error of an error result.
@Suite("Handed-over state")
struct HandedOverTests {
    @Test("a code-required result hands over its state object, whose class the outcome names")
    func codeRequiredHandsOverState() async {
        let h = Harness([R.token("ct0"), R.oob("ct1")])
        let result = await h.app.signUp(username: "user@contoso.com")
        guard case .codeRequired(let state, _, _, _) = result else {
            Issue.record("expected codeRequired, got \(result.outcome)")
            return
        }
        let handed = result.handedOver
        #expect(handed.state === state)
        #expect(handed.error == nil && handed.account == nil && handed.authMethods.isEmpty)
        #expect(handed.state.map { String(describing: type(of: $0)) } == result.outcome.newState)
    }

    @Test("an error result hands over its error and no state")
    func errorHandsOverError() async {
        let h = Harness([R.network])
        let result = await h.app.signUp(username: "user@contoso.com")
        guard case .error(let error) = result else {
            Issue.record("expected an error, got \(result.outcome)")
            return
        }
        #expect(result.handedOver.error === error)
        #expect(result.handedOver.state == nil)
    }
}
