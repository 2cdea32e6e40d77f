@testable import Oracle

/// Classifies a JSON body written as a string literal.
func classify(_ step: Step, _ status: Int, _ body: String, headers: [(String, String)] = []) -> ResponseClass {
    StrictClassifier.classify(step: step, status: status, headers: headers, body: Array(body.utf8))
}

/// What the oracle expects after this response of `step`.
func expectation(_ step: Step, _ status: Int, _ body: String, headers: [(String, String)] = []) -> Expectation? {
    OutcomeTable.row(for: step, response: classify(step, status, body, headers: headers))?.expectation
}

/// The spec reference of the row that matched.
func ref(_ step: Step, _ status: Int, _ body: String) -> String? {
    OutcomeTable.row(for: step, response: classify(step, status, body))?.specRef
}

/// An outcome literal written the way client-behaviour.md states it.
func outcome(
    _ callback: String, _ error: String? = nil, state: String? = nil, token: TokenRule = .none
) -> Expectation {
    .outcome(ExpectedOutcome(callback: callback, error: error, newState: state, newStateToken: token))
}

/// A client_info value that decodes to {"uid":"u1","utid":"t1"}.
let validClientInfo = "eyJ1aWQiOiJ1MSIsInV0aWQiOiJ0MSJ9"

/// A /token 200 body in the shape of native-auth-api.md §4.7.
let tokenSuccessBody = """
    {"token_type":"Bearer","scope":"openid profile offline_access","expires_in":3599,"ext_expires_in":3599,
     "access_token":"eyJ0eXAi.a.b","refresh_token":"1.AXkA","id_token":"eyJ0eXAi.c.d","client_info":"\(validClientInfo)"}
    """

let oobChallengeBody = """
    {"continuation_token":"SU-CT-2","challenge_type":"oob","binding_method":"prompt",
     "challenge_channel":"email","challenge_target_label":"a***x@ex****e.com","code_length":8,"interval":300}
    """
