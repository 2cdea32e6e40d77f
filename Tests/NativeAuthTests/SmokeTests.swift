import Testing
@testable import NativeAuth

@Test("the outcome description names callback, error and state")
func outcomeDescription() {
    let outcome = Outcome(callback: "onSignUpVerifyCodeError", error: "VerifyCodeError.invalidCode",
                          newState: "SignUpCodeRequiredState", newStateToken: "ct")
    #expect(outcome.description == "onSignUpVerifyCodeError VerifyCodeError.invalidCode → SignUpCodeRequiredState(ct)")
}
