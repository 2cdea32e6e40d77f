import NativeAuthWire

/// The body of a request (`request.postData`). HAR 1.2 calls `params` and `text` exclusive;
/// real exporters often fill both, and both are kept as read.
public struct HARPostData: HARJSONCoding {
    public var mimeType: String
    public var params: [HARPostParameter]?
    public var text: String?
    /// `"base64"` when `text` holds base64 of a binary body (a HAR 1.3 proposal field, written
    /// only when set).
    public var encoding: String?
    public var comment: String?
    public var extensions: JSONObject

    public init(
        mimeType: String, params: [HARPostParameter]? = nil, text: String? = nil, encoding: String? = nil,
        comment: String? = nil, extensions: JSONObject = [:]
    ) {
        self.mimeType = mimeType
        self.params = params
        self.text = text
        self.encoding = encoding
        self.comment = comment
        self.extensions = extensions
    }

    /// A body: `text` when the bytes are valid UTF-8, otherwise base64 with `encoding = "base64"`.
    public init(body: [UInt8], mimeType: String) {
        self.init(mimeType: mimeType)
        setBody(body, mimeType: mimeType)
    }

    init(decoding value: JSONValue) throws(FieldError) {
        self.init(mimeType: "")
        for (key, value) in try value.members() {
            switch key {
            case "mimeType": mimeType = try value.string(key) ?? ""
            case "params": params = try value.list(key, of: HARPostParameter.self)
            case "text": text = try value.string(key)
            case "encoding": encoding = try value.string(key)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
        if isBase64, let text, Base64.decode(text, whiteSpace: .skipped) == nil {
            throw FieldError("text is not valid base64").at("text")
        }
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("mimeType", mimeType)
        object.put("params", params)
        object.put("text", text)
        object.put("encoding", encoding)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }

    var isBase64: Bool { encoding?.lowercased() == "base64" }

    /// The body bytes: `text` decoded from base64 when `encoding` is base64, else its UTF-8.
    /// With no `text`, form parameters are joined as `application/x-www-form-urlencoded`.
    public func bodyBytes() throws(HARError) -> [UInt8] {
        guard let text else {
            guard let params else { return [] }
            return FormCodec.encodedBytes(params.map { FormField($0.name, $0.value ?? "") })
        }
        if isBase64 {
            guard let bytes = Base64.decode(text, whiteSpace: .skipped) else {
                throw HARError(file: "", path: "postData", message: "text is not valid base64")
            }
            return bytes
        }
        return Array(text.utf8)
    }

    /// Replaces the body: `text` when `bytes` is valid UTF-8, otherwise base64.
    /// `params` are left alone.
    public mutating func setBody(_ bytes: [UInt8], mimeType: String) {
        self.mimeType = mimeType
        if let string = String(validating: bytes, as: UTF8.self) {
            text = string
            encoding = nil
        } else {
            text = Base64.encode(bytes)
            encoding = "base64"
        }
    }
}

/// A posted parameter (`postData.params[]`), for form or multipart bodies.
public struct HARPostParameter: HARJSONCoding {
    public var name: String
    public var value: String?
    public var fileName: String?
    public var contentType: String?
    public var comment: String?
    public var extensions: JSONObject

    public init(
        name: String, value: String? = nil, fileName: String? = nil, contentType: String? = nil,
        comment: String? = nil, extensions: JSONObject = [:]
    ) {
        self.name = name
        self.value = value
        self.fileName = fileName
        self.contentType = contentType
        self.comment = comment
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        self.init(name: "")
        for (key, value) in try value.members() {
            switch key {
            case "name": name = try value.string(key) ?? ""
            case "value": self.value = try value.string(key)
            case "fileName": fileName = try value.string(key)
            case "contentType": contentType = try value.string(key)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("name", name)
        object.put("value", value)
        object.put("fileName", fileName)
        object.put("contentType", contentType)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }
}
