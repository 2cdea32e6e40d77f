/// A cookie sent in a request or set by a response (`cookies[]`). Fields other tools add
/// without an underscore (for example Chrome's `sameSite`) are kept in `extensions`.
public struct HARCookie: HARJSONCoding {
    public var name: String
    public var value: String
    public var path: String?
    public var domain: String?
    /// Expiry in ISO 8601 form, as written.
    public var expires: String?
    public var httpOnly: Bool?
    public var secure: Bool?
    public var comment: String?
    public var extensions: JSONObject

    public init(
        name: String, value: String, path: String? = nil, domain: String? = nil, expires: String? = nil,
        httpOnly: Bool? = nil, secure: Bool? = nil, comment: String? = nil, extensions: JSONObject = [:]
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.domain = domain
        self.expires = expires
        self.httpOnly = httpOnly
        self.secure = secure
        self.comment = comment
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        self.init(name: "", value: "")
        for (key, value) in try value.members() {
            switch key {
            case "name": name = try value.string(key) ?? ""
            case "value": self.value = try value.string(key) ?? ""
            case "path": path = try value.string(key)
            case "domain": domain = try value.string(key)
            case "expires": expires = try value.string(key)
            case "httpOnly": httpOnly = try value.bool(key)
            case "secure": secure = try value.bool(key)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("name", name)
        object.put("value", value)
        object.put("path", path)
        object.put("domain", domain)
        object.put("expires", expires)
        object.put("httpOnly", httpOnly)
        object.put("secure", secure)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }
}
