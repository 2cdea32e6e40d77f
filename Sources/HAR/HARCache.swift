/// Cache state around an entry (`entry.cache`); usually empty for proxy recordings.
public struct HARCache: HARJSONCoding {
    public var beforeRequest: HARCacheEntry?
    public var afterRequest: HARCacheEntry?
    public var comment: String?
    public var extensions: JSONObject
    /// A `cache` that is not HAR 1.2's cache object (an empty array, as some exporters write, or
    /// anything else), kept as read and written back as it was; nil for a cache object.
    public var asWritten: JSONValue?

    public init(
        beforeRequest: HARCacheEntry? = nil, afterRequest: HARCacheEntry? = nil, comment: String? = nil,
        extensions: JSONObject = [:]
    ) {
        self.beforeRequest = beforeRequest
        self.afterRequest = afterRequest
        self.comment = comment
        self.extensions = extensions
    }

    /// A cache of any shape: HAR 1.2's object is decoded; anything else (or an object whose
    /// members do not read as HAR's) is kept as written. Null reads as an empty cache.
    init(anyShape value: JSONValue) {
        if case .null = value {
            self.init()
        } else if let decoded = try? HARCache(decoding: value) {
            self = decoded
        } else {
            self.init()
            asWritten = value
        }
    }

    init(decoding value: JSONValue) throws(FieldError) {
        self.init()
        for (key, value) in try value.members() {
            switch key {
            case "beforeRequest": beforeRequest = try value.nested(key, as: HARCacheEntry.self)
            case "afterRequest": afterRequest = try value.nested(key, as: HARCacheEntry.self)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("beforeRequest", beforeRequest)
        object.put("afterRequest", afterRequest)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }
}

/// One cache state (`cache.beforeRequest` / `cache.afterRequest`).
public struct HARCacheEntry: HARJSONCoding {
    public var expires: String?
    public var lastAccess: String
    public var eTag: String
    public var hitCount: Int
    public var comment: String?
    public var extensions: JSONObject

    public init(
        expires: String? = nil, lastAccess: String = "", eTag: String = "", hitCount: Int = 0,
        comment: String? = nil, extensions: JSONObject = [:]
    ) {
        self.expires = expires
        self.lastAccess = lastAccess
        self.eTag = eTag
        self.hitCount = hitCount
        self.comment = comment
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        self.init()
        for (key, value) in try value.members() {
            switch key {
            case "expires": expires = try value.string(key)
            case "lastAccess": lastAccess = try value.string(key) ?? ""
            case "eTag": eTag = try value.string(key) ?? ""
            case "hitCount": hitCount = try value.int(key) ?? 0
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("expires", expires)
        object.put("lastAccess", lastAccess)
        object.put("eTag", eTag)
        object.put("hitCount", hitCount)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }
}
