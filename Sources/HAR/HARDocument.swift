/// A whole HAR file: `{"log": …}`.
public struct HARDocument: HARJSONCoding {
    public var log: HARLog
    /// Top-level members other than `log`, kept as read.
    public var extensions: JSONObject

    public init(log: HARLog, extensions: JSONObject = [:]) {
        self.log = log
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        var log: HARLog?
        var extensions = JSONObject()
        for (key, value) in try value.members() {
            if key == "log" {
                log = try value.nested(key, as: HARLog.self)
            } else {
                extensions.append(key, value)
            }
        }
        guard let log else { throw FieldError("missing required field").at("log") }
        self.init(log: log, extensions: extensions)
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("log", log)
        object.putExtensions(extensions)
    }
}

/// The `log` object of a HAR file.
public struct HARLog: HARJSONCoding {
    /// Format version; authtape writes "1.2".
    public var version: String
    public var creator: HARCreator
    public var browser: HARCreator?
    public var pages: [HARPage]?
    public var entries: [HAREntry]
    public var comment: String?
    /// authtape's own log-level fields (`_authtape`).
    public var authtape: AuthTapeLogFields?
    /// Other members, kept as read.
    public var extensions: JSONObject

    public init(
        version: String = "1.2", creator: HARCreator, browser: HARCreator? = nil, pages: [HARPage]? = nil,
        entries: [HAREntry] = [], comment: String? = nil, authtape: AuthTapeLogFields? = nil,
        extensions: JSONObject = [:]
    ) {
        self.version = version
        self.creator = creator
        self.browser = browser
        self.pages = pages
        self.entries = entries
        self.comment = comment
        self.authtape = authtape
        self.extensions = extensions
    }

    init(decoding value: JSONValue) throws(FieldError) {
        var version: String?, comment: String?
        var creator: HARCreator?, browser: HARCreator?
        var pages: [HARPage]?, entries: [HAREntry]?
        var authtape: AuthTapeLogFields?
        var extensions = JSONObject()
        for (key, value) in try value.members() {
            switch key {
            case "version": version = try value.string(key)
            case "creator": creator = try value.nested(key, as: HARCreator.self)
            case "browser": browser = try value.nested(key, as: HARCreator.self)
            case "pages": pages = try value.list(key, of: HARPage.self)
            case "entries": entries = try value.list(key, of: HAREntry.self)
            case "comment": comment = try value.string(key)
            case AuthTapeLogFields.key: authtape = try value.nested(key, as: AuthTapeLogFields.self)
            default: extensions.append(key, value)
            }
        }
        self.init(
            version: version ?? "1.2", creator: creator ?? HARCreator(name: "", version: ""), browser: browser,
            pages: pages, entries: entries ?? [], comment: comment, authtape: authtape, extensions: extensions)
    }

    func encode<W: JSONMemberWriter>(into object: inout W) {
        object.put("version", version)
        object.put("creator", creator)
        object.put("browser", browser)
        object.put("pages", pages)
        object.put("entries", entries)
        object.put("comment", comment)
        object.put(AuthTapeLogFields.key, authtape)
        object.putExtensions(extensions)
    }
}
