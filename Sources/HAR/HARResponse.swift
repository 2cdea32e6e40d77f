/// The response of a HAR entry.
public struct HARResponse: HARJSONCoding {
    public var status: Int
    public var statusText: String
    public var httpVersion: String
    public var cookies: [HARCookie]
    public var headers: [HARHeader]
    public var content: HARContent
    /// The `Location` header's target, or empty.
    public var redirectURL: String
    public var headersSize: Int
    public var bodySize: Int
    public var comment: String?
    public var extensions: JSONObject

    public init(
        status: Int, statusText: String = "", httpVersion: String = "HTTP/1.1", cookies: [HARCookie] = [],
        headers: [HARHeader] = [], content: HARContent = HARContent(), redirectURL: String = "",
        headersSize: Int = -1, bodySize: Int = -1, comment: String? = nil, extensions: JSONObject = [:]
    ) {
        self.status = status
        self.statusText = statusText
        self.httpVersion = httpVersion
        self.cookies = cookies
        self.headers = headers
        self.content = content
        self.redirectURL = redirectURL
        self.headersSize = headersSize
        self.bodySize = bodySize
        self.comment = comment
        self.extensions = extensions
    }

    /// No response: status 0, what browsers write for a request that got no answer, and what an
    /// entry without a `response` reads as.
    public static let noResponse = HARResponse(status: 0, httpVersion: "")

    init(decoding value: JSONValue) throws(FieldError) {
        var status: Int?, statusText: String?, httpVersion: String?, redirectURL: String?, comment: String?
        var cookies: [HARCookie]?, headers: [HARHeader]?, content: HARContent?
        var headersSize: Int?, bodySize: Int?
        var extensions = JSONObject()
        for (key, value) in try value.members() {
            switch key {
            case "status": status = try value.int(key)
            case "statusText": statusText = try value.string(key)
            case "httpVersion": httpVersion = try value.string(key)
            case "cookies": cookies = try value.list(key, of: HARCookie.self)
            case "headers": headers = try value.list(key, of: HARHeader.self)
            case "content": content = try value.nested(key, as: HARContent.self)
            case "redirectURL": redirectURL = try value.string(key)
            case "headersSize": headersSize = try value.int(key)
            case "bodySize": bodySize = try value.int(key)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
        guard let status else { throw FieldError("missing required field").at("status") }
        self.init(
            status: status, statusText: statusText ?? "", httpVersion: httpVersion ?? "", cookies: cookies ?? [],
            headers: headers ?? [], content: content ?? HARContent(), redirectURL: redirectURL ?? "",
            headersSize: headersSize ?? -1, bodySize: bodySize ?? -1, comment: comment, extensions: extensions)
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("status", status)
        object.put("statusText", statusText)
        object.put("httpVersion", httpVersion)
        object.put("cookies", cookies)
        object.put("headers", headers)
        object.put("content", content)
        object.put("redirectURL", redirectURL)
        object.put("headersSize", headersSize)
        object.put("bodySize", bodySize)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }
}
