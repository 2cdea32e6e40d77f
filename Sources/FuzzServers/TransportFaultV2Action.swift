import Driver
import Fuzz
import Oracle

/// The V2 user action the transport phase performs for an oracle step (``V2Step``), with made-up values:
/// the fault server answers from the script whatever the request holds, so only the method, the method
/// chosen at a selection (the first of the step's type in the previous action's answers) and, at a
/// sign-up start, which attributes go up front matter.
enum V2LiveAction {
    static func of(_ step: V2Step, after answers: [FuzzResponse]) -> V2UserAction? {
        switch step.action {
        case .start:
            switch step.scenario {
            case .signIn:
                return .signIn(username: "alex@example.com", password: step.passwordGiven ? "Sunny-Day-42!" : nil)
            case .signUp:
                let upFront = step.sentAttributes.filter { $0 != "email" && $0 != "password" }
                return .signUp(username: "sam@example.com", password: step.passwordGiven ? "Sunny-Day-42!" : nil,
                               attributes: Dictionary(upFront.map { ($0, "x") }, uniquingKeysWith: { first, _ in first }))
            case .passwordReset:
                return .resetPassword(username: "user@contoso.com")
            }
        case .selectAuthMethod:
            return methodId(type: step.methodType, in: answers).map { .selectAuthMethod(methodId: $0) }
        case .submitCode: return .submitCode(code: "00000000")
        case .resendCode: return .resendCode
        case .submitPassword: return .submitPassword(password: "Sunny-Day-42!")
        case .submitAttributes: return .submitAttributes(attributes: ["city": "Oslo"])
        case .submitNewPassword: return .submitNewPassword(password: "N3w-Passw0rd!")
        case .submitChallenge: return .submitChallenge(challenge: "00000000")
        case .resendChallenge: return .resendChallenge
        case .signIn: return .signInAfterFlow()
        }
    }

    /// The id of the first method of `type` (any type when nil) in the `_embedded.methods` of `answers`, last answer first.
    static func methodId(type: String?, in answers: [FuzzResponse]) -> String? {
        for answer in answers.reversed() {
            guard case .array(let methods)? = JSONNode.parse(answer.body)?["_embedded"]?["methods"] else { continue }
            for method in methods where type == nil || method["type"]?.stringValue == type {
                if let id = method["id"]?.stringValue { return id }
            }
        }
        return nil
    }
}
