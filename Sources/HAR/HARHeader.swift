/// An HTTP header (`headers[]`), in the order and spelling it was sent.
public struct HARHeader: HARJSONCoding {
    public var name: String
    public var value: String
    public var comment: String?
    public var extensions: JSONObject

    public init(name: String, value: String, comment: String? = nil, extensions: JSONObject = [:]) {
        self.name = name
        self.value = value
        self.comment = comment
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        let pair = try NameValuePair(decoding: value)
        self.init(name: pair.name, value: pair.value, comment: pair.comment, extensions: pair.extensions)
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        NameValuePair(name: name, value: value, comment: comment, extensions: extensions).encode(into: &object)
    }
}

/// A query-string parameter (`queryString[]`), decoded.
public struct HARQueryParameter: HARJSONCoding {
    public var name: String
    public var value: String
    public var comment: String?
    public var extensions: JSONObject

    public init(name: String, value: String, comment: String? = nil, extensions: JSONObject = [:]) {
        self.name = name
        self.value = value
        self.comment = comment
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        let pair = try NameValuePair(decoding: value)
        self.init(name: pair.name, value: pair.value, comment: pair.comment, extensions: pair.extensions)
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        NameValuePair(name: name, value: value, comment: comment, extensions: extensions).encode(into: &object)
    }
}

/// The shared shape of headers and query parameters.
struct NameValuePair {
    var name: String
    var value: String
    var comment: String?
    var extensions: JSONObject

    init(name: String, value: String, comment: String?, extensions: JSONObject) {
        self.name = name
        self.value = value
        self.comment = comment
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        var name: String?, text: String?, comment: String?
        var extensions = JSONObject()
        for (key, value) in try value.members() {
            switch key {
            case "name": name = try value.string(key)
            case "value": text = try value.string(key)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
        self.init(name: name ?? "", value: text ?? "", comment: comment, extensions: extensions)
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("name", name)
        object.put("value", value)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }
}
