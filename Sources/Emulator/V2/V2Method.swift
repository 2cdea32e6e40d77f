import NativeAuthWire

/// An authentication method the emulator offers a V2 user (first factor, second factor or reset).
struct V2Method: Sendable, Equatable {
    var id: String
    var type: V2MethodType
    /// Email address or phone number (empty for a password).
    var target: String
    var highRisk = false
    var blocked = false

    /// The masked contact (`hint`); none for a password.
    var hint: String? { type == .password ? nil : Masking.mask(target, channel: type.rawValue) }

    /// Sign-in first factors: the password (email + password user flows), an email code, and SMS for
    /// users without a second-factor requirement. Reset: email and SMS.
    static func firstFactors(_ user: UserRecord, flow: EmulatorConfig.UserFlow, reset: Bool) -> [V2Method] {
        let stem = String(user.id.prefix(8))
        var methods: [V2Method] = []
        if !reset, user.hasPassword, flow.method == .emailPassword {
            methods.append(V2Method(id: "pw-" + stem, type: .password, target: ""))
        }
        methods.append(V2Method(id: "em-" + stem, type: .email, target: user.email))
        if reset || !user.mfaRequired {
            for method in user.methods where method.channel == "sms" { methods.append(V2Method(method)) }
        }
        return methods
    }

    /// Second factors: the user's registered strong-auth methods.
    static func secondFactors(_ user: UserRecord) -> [V2Method] { user.methods.map(V2Method.init) }

    init(id: String, type: V2MethodType, target: String) {
        self.id = id
        self.type = type
        self.target = target
    }

    init(_ record: UserRecord.MethodRecord) {
        self.init(id: record.id, type: V2MethodType(record.channel), target: record.target)
        highRisk = record.highRisk
        blocked = record.blocked
    }
}
