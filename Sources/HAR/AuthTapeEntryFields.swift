/// authtape's per-entry metadata, written as `entries[]._authtape`. Unknown members are kept
/// in `extensions` and written back.
public struct AuthTapeEntryFields: HARJSONCoding {
    /// The member name under which these fields are written.
    public static let key = "_authtape"

    public var schemaVersion: Int
    /// Groups the entries of one flow (one sign-up, sign-in, reset, …) within a capture.
    public var flowId: String?
    /// The flow kind, for example `signUp`, `signIn`, `resetPassword`, `mfa`, `registerStrongAuth`.
    public var flowKind: String?
    /// The step within the flow, for example `signup/v1.0/start` or `oauth2/v2.0/token`.
    public var step: String?
    /// How many values of each secret kind were redacted in this entry (`password: 1`, …);
    /// written with keys sorted.
    public var redactions: [String: Int]?
    /// What the client should observe after this response, when recorded or annotated.
    public var expectedOutcome: AuthTapeExpectedOutcome?
    public var extensions: JSONObject

    public init(
        schemaVersion: Int = AuthTapeLogFields.currentSchemaVersion, flowId: String? = nil, flowKind: String? = nil,
        step: String? = nil, redactions: [String: Int]? = nil, expectedOutcome: AuthTapeExpectedOutcome? = nil,
        extensions: JSONObject = [:]
    ) {
        self.schemaVersion = schemaVersion
        self.flowId = flowId
        self.flowKind = flowKind
        self.step = step
        self.redactions = redactions
        self.expectedOutcome = expectedOutcome
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        self.init()
        var schemaVersion: Int?
        for (key, value) in try value.members() {
            switch key {
            case "schemaVersion": schemaVersion = try value.int(key)
            case "flowId": flowId = try value.string(key)
            case "flowKind": flowKind = try value.string(key)
            case "step": step = try value.string(key)
            case "redactions": redactions = try Self.decodeCounts(value, key: key)
            case "expectedOutcome": expectedOutcome = try value.nested(key, as: AuthTapeExpectedOutcome.self)
            default: extensions.append(key, value)
            }
        }
        guard let schemaVersion else { throw FieldError("missing required field").at("schemaVersion") }
        self.schemaVersion = schemaVersion
    }

    static func decodeCounts(_ value: JSONValue, key: String) throws(FieldError) -> [String: Int]? {
        if case .null = value { return nil }
        var counts: [String: Int] = [:]
        do throws(FieldError) {
            for (kind, count) in try value.members() {
                counts[kind] = try count.int(kind) ?? 0
            }
        } catch {
            throw error.at(key)
        }
        return counts
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("schemaVersion", schemaVersion)
        object.put("flowId", flowId)
        object.put("flowKind", flowKind)
        object.put("step", step)
        if let redactions {
            var counts = JSONObject()
            for kind in redactions.keys.sorted() { counts.put(kind, redactions[kind] ?? 0) }
            object.append("redactions", .object(counts))
        }
        object.put("expectedOutcome", expectedOutcome)
        object.putExtensions(extensions)
    }
}

/// The outcome the client should observe after an entry's response (see the outcome
/// vocabulary in the design): the delegate callback, the error type if any, and what becomes
/// of the state.
public struct AuthTapeExpectedOutcome: HARJSONCoding {
    /// The delegate callback, for example `onSignUpCodeRequired`.
    public var callback: String
    /// The error type when the callback reports an error, for example `VerifyCodeError.invalidCode`.
    public var error: String?
    /// The kind of `newState`, or nil when there is none (for example `SignUpCodeRequiredState`).
    public var newState: String?
    /// Which continuation token the new state carries: `same` (the old one) or `new` (the
    /// response's), or a redaction placeholder.
    public var newStateToken: String?
    public var extensions: JSONObject

    public init(
        callback: String, error: String? = nil, newState: String? = nil, newStateToken: String? = nil,
        extensions: JSONObject = [:]
    ) {
        self.callback = callback
        self.error = error
        self.newState = newState
        self.newStateToken = newStateToken
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        self.init(callback: "")
        for (key, value) in try value.members() {
            switch key {
            case "callback": callback = try value.string(key) ?? ""
            case "error": error = try value.string(key)
            case "newState": newState = try value.string(key)
            case "newStateToken": newStateToken = try value.string(key)
            default: extensions.append(key, value)
            }
        }
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("callback", callback)
        object.put("error", error)
        object.put("newState", newState)
        object.put("newStateToken", newStateToken)
        object.putExtensions(extensions)
    }
}
