/// A page of a HAR log (`log.pages[]`). Proxy recorders usually write no pages.
public struct HARPage: HARJSONCoding {
    public var startedDateTime: String
    public var id: String
    public var title: String
    public var pageTimings: HARPageTimings
    public var comment: String?
    public var extensions: JSONObject

    public init(
        startedDateTime: String, id: String, title: String = "", pageTimings: HARPageTimings = HARPageTimings(),
        comment: String? = nil, extensions: JSONObject = [:]
    ) {
        self.startedDateTime = startedDateTime
        self.id = id
        self.title = title
        self.pageTimings = pageTimings
        self.comment = comment
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        var startedDateTime: String?, id: String?, title: String?, comment: String?
        var pageTimings: HARPageTimings?
        var extensions = JSONObject()
        for (key, value) in try value.members() {
            switch key {
            case "startedDateTime": startedDateTime = try value.string(key)
            case "id": id = try value.string(key)
            case "title": title = try value.string(key)
            case "pageTimings": pageTimings = try value.nested(key, as: HARPageTimings.self)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
        self.init(
            startedDateTime: startedDateTime ?? "", id: id ?? "", title: title ?? "",
            pageTimings: pageTimings ?? HARPageTimings(), comment: comment, extensions: extensions)
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("startedDateTime", startedDateTime)
        object.put("id", id)
        object.put("title", title)
        object.put("pageTimings", pageTimings)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }
}

/// Page load timings in milliseconds since the page started (-1 or absent when unknown).
public struct HARPageTimings: HARJSONCoding {
    public var onContentLoad: Double?
    public var onLoad: Double?
    public var comment: String?
    public var extensions: JSONObject

    public init(
        onContentLoad: Double? = nil, onLoad: Double? = nil, comment: String? = nil, extensions: JSONObject = [:]
    ) {
        self.onContentLoad = onContentLoad
        self.onLoad = onLoad
        self.comment = comment
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        self.init()
        for (key, value) in try value.members() {
            switch key {
            case "onContentLoad": onContentLoad = try value.double(key)
            case "onLoad": onLoad = try value.double(key)
            case "comment": comment = try value.string(key)
            default: extensions.append(key, value)
            }
        }
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("onContentLoad", onContentLoad)
        object.put("onLoad", onLoad)
        object.put("comment", comment)
        object.putExtensions(extensions)
    }
}
