/// One exchange of a HAR log (`log.entries[]`).
public struct HAREntry: HARJSONCoding {
    public var pageref: String?
    /// Start time in ISO 8601 form, as written.
    public var startedDateTime: String
    /// Total time in milliseconds.
    public var time: Double
    public var request: HARRequest
    /// The response; an entry without one (a request aborted before an answer, as har-to-k6 or a
    /// browser writes it) reads as ``HARResponse/noResponse``, status 0 ("no response").
    public var response: HARResponse
    public var cache: HARCache
    public var timings: HARTimings
    public var serverIPAddress: String?
    /// A connection id (often the client port).
    public var connection: String?
    public var comment: String?
    /// authtape's own fields (`_authtape`).
    public var authtape: AuthTapeEntryFields?
    /// Other members (for example Chrome's `_initiator` or `_resourceType`), kept as read.
    public var extensions: JSONObject

    public init(
        pageref: String? = nil, startedDateTime: String, time: Double, request: HARRequest, response: HARResponse,
        cache: HARCache = HARCache(), timings: HARTimings = HARTimings(), serverIPAddress: String? = nil,
        connection: String? = nil, comment: String? = nil, authtape: AuthTapeEntryFields? = nil,
        extensions: JSONObject = [:]
    ) {
        self.pageref = pageref
        self.startedDateTime = startedDateTime
        self.time = time
        self.request = request
        self.response = response
        self.cache = cache
        self.timings = timings
        self.serverIPAddress = serverIPAddress
        self.connection = connection
        self.comment = comment
        self.authtape = authtape
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        var pageref: String?, startedDateTime: String?, serverIPAddress: String?, connection: String?
        var comment: String?, time: Double?
        var request: HARRequest?, response: HARResponse?, cache: HARCache?, timings: HARTimings?
        var authtape: AuthTapeEntryFields?
        var extensions = JSONObject()
        for (key, value) in try value.members() {
            switch key {
            case "pageref": pageref = try value.string(key)
            case "startedDateTime": startedDateTime = try value.string(key)
            case "time": time = try value.double(key)
            case "request": request = try value.nested(key, as: HARRequest.self)
            case "response": response = try value.nested(key, as: HARResponse.self)
            case "cache": cache = HARCache(anyShape: value)
            case "timings": timings = try value.nested(key, as: HARTimings.self)
            case "serverIPAddress": serverIPAddress = try value.string(key)
            case "connection": connection = try value.string(key)
            case "comment": comment = try value.string(key)
            case AuthTapeEntryFields.key: authtape = try value.nested(key, as: AuthTapeEntryFields.self)
            default: extensions.append(key, value)
            }
        }
        guard let request else { throw FieldError("missing required field").at("request") }
        let resolvedTimings = timings ?? HARTimings(send: -1, wait: -1, receive: -1)
        self.init(
            pageref: pageref, startedDateTime: startedDateTime ?? "", time: time ?? resolvedTimings.total,
            request: request, response: response ?? .noResponse, cache: cache ?? HARCache(), timings: resolvedTimings,
            serverIPAddress: serverIPAddress, connection: connection, comment: comment, authtape: authtape,
            extensions: extensions)
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("pageref", pageref)
        object.put("startedDateTime", startedDateTime)
        object.put("time", time)
        object.put("request", request)
        object.put("response", response)
        if let asWritten = cache.asWritten { object.append("cache", asWritten) } else { object.put("cache", cache) }
        object.put("timings", timings)
        object.put("serverIPAddress", serverIPAddress)
        object.put("connection", connection)
        object.put("comment", comment)
        object.put(AuthTapeEntryFields.key, authtape)
        object.putExtensions(extensions)
    }
}

extension HAREntry {
    /// Appends the entry's compact JSON to `out`: a journal line without its line feed (the
    /// bytes of `json.serialized()`, written without building the tree).
    public func appendCompactJSON(to out: inout [UInt8]) {
        writeJSON(into: &out)
    }
}
