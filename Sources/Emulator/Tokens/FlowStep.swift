/// Where a flow stands; every continuation token names one step, and each endpoint accepts only some.
enum FlowStep: UInt8, Sendable, CaseIterable {
    // Sign-up
    case signUpStarted = 1
    case signUpCodeSent
    case signUpCredentialRequired
    case signUpPasswordRequired
    case signUpAttributesRequired
    case signUpCompleted
    // Sign-in
    case signInInitiated = 20
    case signInPasswordChallenged
    case signInCodeSent
    // MFA (second factor)
    case mfaRequired = 40
    case mfaIntrospected
    case mfaCodeSent
    // Strong-auth registration (JIT)
    case registrationRequired = 60
    case registrationIntrospected
    case registrationCodeSent
    case registrationPreverified
    case registrationCompleted
    // Self-service password reset
    case resetStarted = 80
    case resetCodeSent
    case resetVerified
    case resetSubmitted
    case resetSucceeded

    /// The flow family, used to tell "token of another flow" from "token of another step".
    var family: Family {
        switch rawValue {
        case 0..<20: .signUp
        case 20..<40: .signIn
        case 40..<60: .mfa
        case 60..<80: .registration
        default: .resetPassword
        }
    }

    enum Family: Sendable { case signUp, signIn, mfa, registration, resetPassword }
}
