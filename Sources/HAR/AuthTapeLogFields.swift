/// authtape's log-level metadata, written as `log._authtape`. Unknown members (from a newer
/// schema) are kept in `extensions` and written back.
public struct AuthTapeLogFields: HARJSONCoding {
    /// The member name under which these fields are written.
    public static let key = "_authtape"
    /// The schema version this module writes.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// The authtape version that wrote the capture.
    public var toolVersion: String
    /// The upstream the exchanges went to, for example `https://contoso.ciamlogin.com` or `emulator`.
    public var upstream: String?
    /// The tenant (subdomain or id), when known.
    public var tenant: String?
    /// How the capture was made, for example `reverse-proxy`, `forward-proxy` or `fuzz-repro`.
    public var mode: String?
    /// The redaction rule set applied, for example `native-auth-default`.
    public var redactionRules: String?
    /// Free-form notes.
    public var notes: String?
    public var extensions: JSONObject

    public init(
        schemaVersion: Int = AuthTapeLogFields.currentSchemaVersion, toolVersion: String, upstream: String? = nil,
        tenant: String? = nil, mode: String? = nil, redactionRules: String? = nil, notes: String? = nil,
        extensions: JSONObject = [:]
    ) {
        self.schemaVersion = schemaVersion
        self.toolVersion = toolVersion
        self.upstream = upstream
        self.tenant = tenant
        self.mode = mode
        self.redactionRules = redactionRules
        self.notes = notes
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        self.init(schemaVersion: 0, toolVersion: "")
        var schemaVersion: Int?
        for (key, value) in try value.members() {
            switch key {
            case "schemaVersion": schemaVersion = try value.int(key)
            case "toolVersion": toolVersion = try value.string(key) ?? ""
            case "upstream": upstream = try value.string(key)
            case "tenant": tenant = try value.string(key)
            case "mode": mode = try value.string(key)
            case "redactionRules": redactionRules = try value.string(key)
            case "notes": notes = try value.string(key)
            default: extensions.append(key, value)
            }
        }
        guard let schemaVersion else { throw FieldError("missing required field").at("schemaVersion") }
        self.schemaVersion = schemaVersion
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("schemaVersion", schemaVersion)
        object.put("toolVersion", toolVersion)
        object.put("upstream", upstream)
        object.put("tenant", tenant)
        object.put("mode", mode)
        object.put("redactionRules", redactionRules)
        object.put("notes", notes)
        object.putExtensions(extensions)
    }
}
