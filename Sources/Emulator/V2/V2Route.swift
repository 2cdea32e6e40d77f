import NativeAuthWire

/// The emulator's server-driven V2 paths (below `/{tenant}/api/v2.0/`), shaped like the Learn examples.
/// Clients never build these: they follow the hrefs the answers advertise.
enum V2Route: Sendable, Equatable {
    case signInStart
    case signUpStart
    case resetStart
    /// `auth/methods/{type}/{id}/challenge` — also the `resend` link of a first-factor code.
    case methodChallenge(type: String, id: String)
    /// `auth/methods/{type}/{id}/verify`.
    case methodVerify(type: String, id: String)
    /// `auth/methods/password/{id}/recover` (inline password recovery, advertised but answered as reset).
    case methodRecover(id: String)
    /// `mfa/{type}/{id}/challenge` — also the `resend` link of a second-factor code.
    case mfaChallenge(type: String, id: String)
    /// `mfa/{type}/{id}/verify`.
    case mfaVerify(type: String, id: String)
    case riskVerify
    case signUpSubmitAttributes
    case signUpVerify
    case signUpResend
    case resetUpdate
    case resetPoll
    /// `register/{type}/enroll`.
    case enroll(type: String)
    /// `register/{type}/activate`.
    case activate(type: String)

    /// Parses the part after `/api/v2.0/`.
    init?(_ rest: Substring) {
        let s = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch s.count {
        case 2:
            switch (s[0], s[1]) {
            case ("signin", "start"): self = .signInStart
            case ("signup", "start"): self = .signUpStart
            case ("signup", "submitattributes"): self = .signUpSubmitAttributes
            case ("signup", "verify"): self = .signUpVerify
            case ("signup", "resend"): self = .signUpResend
            case ("resetpassword", "start"): self = .resetStart
            case ("resetpassword", "update"): self = .resetUpdate
            case ("resetpassword", "poll"): self = .resetPoll
            default: return nil
            }
        case 3:
            switch (s[0], s[1], s[2]) {
            case ("risk", "phone", "verify"): self = .riskVerify
            case ("register", let type, "enroll"): self = .enroll(type: type)
            case ("register", let type, "activate"): self = .activate(type: type)
            default: return nil
            }
        case 4 where s[0] == "mfa":
            switch s[3] {
            case "challenge": self = .mfaChallenge(type: s[1], id: s[2])
            case "verify": self = .mfaVerify(type: s[1], id: s[2])
            default: return nil
            }
        case 5 where s[0] == "auth" && s[1] == "methods":
            switch s[4] {
            case "challenge": self = .methodChallenge(type: s[2], id: s[3])
            case "verify": self = .methodVerify(type: s[2], id: s[3])
            case "recover" where s[2] == "password": self = .methodRecover(id: s[3])
            default: return nil
            }
        default: return nil
        }
    }

    /// The path after `/api/v2.0/`.
    var path: String {
        switch self {
        case .signInStart: "signin/start"
        case .signUpStart: "signup/start"
        case .resetStart: "resetpassword/start"
        case .methodChallenge(let type, let id): "auth/methods/\(type)/\(id)/challenge"
        case .methodVerify(let type, let id): "auth/methods/\(type)/\(id)/verify"
        case .methodRecover(let id): "auth/methods/password/\(id)/recover"
        case .mfaChallenge(let type, let id): "mfa/\(type)/\(id)/challenge"
        case .mfaVerify(let type, let id): "mfa/\(type)/\(id)/verify"
        case .riskVerify: "risk/phone/verify"
        case .signUpSubmitAttributes: "signup/submitattributes"
        case .signUpVerify: "signup/verify"
        case .signUpResend: "signup/resend"
        case .resetUpdate: "resetpassword/update"
        case .resetPoll: "resetpassword/poll"
        case .enroll(let type): "register/\(type)/enroll"
        case .activate(let type): "register/\(type)/activate"
        }
    }

    /// The HTTP method the route answers (`PUT` only for the password update).
    var method: String { self == .resetUpdate ? "PUT" : "POST" }
}
