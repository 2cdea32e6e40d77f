/// The request of a HAR entry.
public struct HARRequest: HARJSONCoding {
    public var method: String
    /// Absolute URL, without a fragment.
    public var url: String
    public var httpVersion: String
    public var cookies: [HARCookie]
    public var headers: [HARHeader]
    public var queryString: [HARQueryParameter]
    public var postData: HARPostData?
    /// Bytes from the request line up to and including the blank line; -1 when unknown.
    public var headersSize: Int
    /// Body bytes as sent; -1 when unknown.
    public var bodySize: Int
    public var comment: String?
    public var extensions: JSONObject

    public init(
        method: String, url: String, httpVersion: String = "HTTP/1.1", cookies: [HARCookie] = [],
        headers: [HARHeader] = [], queryString: [HARQueryParameter] = [], postData: HARPostData? = nil,
        headersSize: Int = -1, bodySize: Int = -1, comment: String? = nil, extensions: JSONObject = [:]
    ) {
        self.method = method
        self.url = url
        self.httpVersion = httpVersion
        self.cookies = cookies
        self.headers = headers
        self.queryString = queryString
        self.postData = postData
        self.headersSize = headersSize
        self.bodySize = bodySize
        self.comment = comment
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        var method: String?, url: String?, httpVersion: String?, comment: String?
        var cookies: [HARCookie]?, headers: [HARHeader]?, queryString: [HARQueryParameter]?
        var postData: HARPostData?
        var headersSize: Int?, bodySize: Int?
        var extensions = JSONObject()
        for (key, value) in try value.members() {
            switch key {
            case "method": method = try value.string(key)
            case "url": url = try value.string(key)
            case "httpVersion": httpVersion = try value.string(key)
            case "cookies": cookies = try value.list(key, of: HARCookie.self)
            case "headers": headers = try value.list(key, of: HARHeader.self)
            case "queryString": queryString = try value.list(key, of: HARQueryParameter.self)
            case "postData": postData = try value.nested(key, as: HARPostData.self)
            case "headersSize": headersSize = try value.int(key)
            case "bodySize": bodySize = try value.int(key)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
        // A request without `method` or `url` (haralyzer keeps such a file) is still an entry to
        // redact and show; replay finds no endpoint in it.
        self.init(
            method: method ?? "", url: url ?? "", httpVersion: httpVersion ?? "", cookies: cookies ?? [],
            headers: headers ?? [], queryString: queryString ?? [], postData: postData,
            headersSize: headersSize ?? -1, bodySize: bodySize ?? -1, comment: comment, extensions: extensions)
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("method", method)
        object.put("url", url)
        object.put("httpVersion", httpVersion)
        object.put("cookies", cookies)
        object.put("headers", headers)
        object.put("queryString", queryString)
        object.put("postData", postData)
        object.put("headersSize", headersSize)
        object.put("bodySize", bodySize)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }
}
