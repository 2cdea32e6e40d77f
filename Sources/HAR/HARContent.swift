import NativeAuthWire

/// The body of a response (`response.content`), decoded from any transfer or content coding.
public struct HARContent: HARJSONCoding {
    /// Length of the decoded body in bytes; -1 when unknown.
    public var size: Int
    /// Bytes saved by compression, when known.
    public var compression: Int?
    /// The `Content-Type`, including any charset.
    public var mimeType: String
    /// The body as text, or base64 when `encoding` is `"base64"`.
    public var text: String?
    public var encoding: String?
    public var comment: String?
    public var extensions: JSONObject

    public init(
        size: Int = 0, compression: Int? = nil, mimeType: String = "", text: String? = nil, encoding: String? = nil,
        comment: String? = nil, extensions: JSONObject = [:]
    ) {
        self.size = size
        self.compression = compression
        self.mimeType = mimeType
        self.text = text
        self.encoding = encoding
        self.comment = comment
        self.extensions = extensions
    }

    /// A body: `text` when the bytes are valid UTF-8, otherwise base64 with `encoding = "base64"`.
    public init(body: [UInt8], mimeType: String) {
        self.init()
        setBody(body, mimeType: mimeType)
    }

    init(decoding value: JSONValue) throws(FieldError) {
        var size: Int?
        self.init()
        for (key, value) in try value.members() {
            switch key {
            case "size": size = try value.int(key)
            case "compression": compression = try value.int(key)
            case "mimeType": mimeType = try value.string(key) ?? ""
            case "text": text = try value.string(key)
            case "encoding": encoding = try value.string(key)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
        self.size = size ?? -1
        if isBase64, let text, Base64.decode(text, whiteSpace: .skipped) == nil {
            throw FieldError("text is not valid base64").at("text")
        }
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("size", size)
        object.put("compression", compression)
        object.put("mimeType", mimeType)
        object.put("text", text)
        object.put("encoding", encoding)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }

    var isBase64: Bool { encoding?.lowercased() == "base64" }

    /// The body bytes: `text` decoded from base64 when `encoding` is base64, else its UTF-8;
    /// empty when there is no `text`.
    public func bodyBytes() throws(HARError) -> [UInt8] {
        guard let text else { return [] }
        if isBase64 {
            guard let bytes = Base64.decode(text, whiteSpace: .skipped) else {
                throw HARError(file: "", path: "content", message: "text is not valid base64")
            }
            return bytes
        }
        return Array(text.utf8)
    }

    /// Replaces the body and sets `size`: `text` when `bytes` is valid UTF-8, otherwise base64.
    public mutating func setBody(_ bytes: [UInt8], mimeType: String) {
        self.mimeType = mimeType
        size = bytes.count
        if let string = String(validating: bytes, as: UTF8.self) {
            text = string
            encoding = nil
        } else {
            text = Base64.encode(bytes)
            encoding = "base64"
        }
    }
}
