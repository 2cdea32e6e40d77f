/// The application that wrote a HAR log (`log.creator`), or the browser (`log.browser`).
public struct HARCreator: HARJSONCoding {
    public var name: String
    public var version: String
    public var comment: String?
    /// Members this module does not model (for example other tools' `_` fields), kept as read.
    public var extensions: JSONObject

    public init(name: String, version: String, comment: String? = nil, extensions: JSONObject = [:]) {
        self.name = name
        self.version = version
        self.comment = comment
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        var name: String?, version: String?, comment: String?
        var extensions = JSONObject()
        for (key, value) in try value.members() {
            switch key {
            case "name": name = try value.string(key)
            case "version": version = try value.string(key)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
        self.init(name: name ?? "", version: version ?? "", comment: comment, extensions: extensions)
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("name", name)
        object.put("version", version)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }
}
