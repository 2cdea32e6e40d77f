/// Where the values the rules look at are in one HAR entry's bytes, in any layout and key
/// order: what `HARReader` would decode into `HAREntry`, without decoding anything else.
/// Positions are relative to the entry's bytes.
struct EntryFields {
    /// A name/value pair: header, cookie, query parameter or form parameter.
    struct Pair {
        var name: StringSpan?
        var value: StringSpan?
    }

    /// A member `HARReader` keeps as an extension (or `_authtape`): its key and value.
    struct Member {
        var key: StringSpan
        var value: Range<Int>
    }

    /// `postData` or `content`.
    struct Body {
        var mimeType: StringSpan?
        var text: StringSpan?
        var encoding: StringSpan?
        var comment: StringSpan?
        var params: [Pair] = []
        var extensions: [Member] = []
    }

    struct Message {
        /// `request.url`, or `response.redirectURL`.
        var url: StringSpan?
        var headers: [Pair] = []
        var cookies: [Pair] = []
        var queryString: [Pair] = []
        var body: Body?
        var comment: StringSpan?
        var extensions: [Member] = []
    }

    var request = Message()
    var response = Message()
    var comment: StringSpan?
    var extensions: [Member] = []
    /// The `_authtape` member.
    var authtape: Member?
    /// The white space before the entry's last key, and where that key starts (a new member
    /// is written after the last one with the same white space).
    var lastKeySpacing: Range<Int> = 0..<0
    /// The white space before the first key of the request: with `lastKeySpacing`, it says
    /// how deep a pretty-printed file indents each level.
    var nestedKeySpacing: Range<Int> = 0..<0
    /// Where the entry's last member's value ends.
    var lastValueEnd = 0
    var sawRequest = false
    var sawResponse = false

    /// Reads the entry object at the start of `cursor`'s bytes.
    init(_ cursor: inout JSONCursor) throws(ScanFailure) {
        guard try cursor.peek() == UInt8(ascii: "{") else { throw cursor.invalid("an entry must be an object") }
        cursor.position += 1
        var previousEnd = cursor.position
        var first = true
        while let key = try cursor.nextKey(first: first) {
            first = false
            // The white space before this key runs from the end of the comma (or brace).
            var spacingStart = key.range.lowerBound
            while spacingStart > previousEnd, Self.isWhitespace(cursor.bytes[spacingStart - 1]) { spacingStart -= 1 }
            lastKeySpacing = spacingStart..<key.range.lowerBound
            do throws(ScanFailure) {
                try read(member: key, &cursor)
            } catch {
                throw error.within(cursor.text(key))
            }
            previousEnd = cursor.position
            lastValueEnd = cursor.position
        }
        // An entry without a response (a request aborted before an answer) is kept, as HARReader
        // reads it (status 0); one without a request is not an exchange.
        guard sawRequest else { throw cursor.invalid("missing required field 'request'") }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private mutating func read(member key: StringSpan, _ cursor: inout JSONCursor) throws(ScanFailure) {
        if cursor.keyIs(key, "request") {
            sawRequest = true
            var open = cursor.position + 1
            while open < cursor.bytes.count, Self.isWhitespace(cursor.bytes[open]) { open += 1 }
            nestedKeySpacing = (cursor.position + 1)..<open
            request = try Self.message(&cursor, isRequest: true)
        } else if cursor.keyIs(key, "response") {
            sawResponse = true
            response = try Self.message(&cursor, isRequest: false)
        } else if cursor.keyIs(key, "comment") {
            comment = try cursor.optionalString()
        } else if key.escaped || cursor.bytes[key.range.lowerBound + 1] == UInt8(ascii: "_") || !Self.isKnown(key, cursor, Self.entryKeys) {
            let start = cursor.position
            try cursor.skipValue()
            let member = Member(key: key, value: start..<cursor.position)
            if cursor.keyIs(key, "_authtape") { authtape = member } else { extensions.append(member) }
        } else if cursor.keyIs(key, "cache") || cursor.keyIs(key, "timings") {
            // A cache of any shape is kept (HARCache); timings are not read here.
            try cursor.skipValue()
        } else {
            try Self.scalar(&cursor, number: cursor.keyIs(key, "time"))
        }
    }

    /// A known member the rules do not read, checked as HARReader checks it: a number (or a
    /// numeric string) where HAR has a number, any scalar where it has a string; null is absent.
    private static func scalar(_ cursor: inout JSONCursor, number: Bool) throws(ScanFailure) {
        let start = cursor.position
        let found: StaticString
        switch try cursor.peek() {
        case UInt8(ascii: "{"): found = "an object"
        case UInt8(ascii: "["): found = "an array"
        case UInt8(ascii: "\"") where number:
            let span = try cursor.string()
            var text = Substring(cursor.text(span))
            while text.first == " " { text.removeFirst() }
            while text.last == " " { text.removeLast() }
            if let value = Double(text), value.isFinite { return }
            throw cursor.invalid("expected a number, found a string that is not a number", at: start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            try cursor.skipValue()
            if number { throw cursor.invalid("expected a number, found a Boolean", at: start) }
            return
        default:
            try cursor.skipValue()
            return
        }
        throw cursor.invalid(number ? "expected a number, found \(found)" : "expected a string, found \(found)", at: start)
    }

    private static let entryKeys: [StaticString] = ["startedDateTime", "time", "cache", "timings", "pageref", "serverIPAddress", "connection"]
    private static let requestKeys: [StaticString] = ["method", "httpVersion", "headersSize", "bodySize"]
    private static let responseKeys: [StaticString] = ["status", "statusText", "httpVersion", "headersSize", "bodySize"]
    private static let numberKeys: [StaticString] = ["status", "headersSize", "bodySize"]

    static func isKnown(_ key: StringSpan, _ cursor: JSONCursor, _ names: [StaticString]) -> Bool {
        for name in names where cursor.keyIs(key, name) { return true }
        return false
    }

    private static func message(_ cursor: inout JSONCursor, isRequest: Bool) throws(ScanFailure) -> Message {
        var message = Message()
        try cursor.expect(UInt8(ascii: "{"), "an object")
        var first = true
        while let key = try cursor.nextKey(first: first) {
            first = false
            do throws(ScanFailure) {
                if cursor.keyIs(key, "headers") {
                    message.headers = try pairs(&cursor)
                } else if cursor.keyIs(key, isRequest ? "url" : "redirectURL") {
                    message.url = try cursor.optionalString()
                } else if cursor.keyIs(key, "cookies") {
                    message.cookies = try pairs(&cursor)
                } else if isRequest, cursor.keyIs(key, "queryString") {
                    message.queryString = try pairs(&cursor)
                } else if cursor.keyIs(key, isRequest ? "postData" : "content") {
                    // `"postData": null` (okta-har-analyzer and others) is no body, as in HARReader.
                    if try cursor.peek() == UInt8(ascii: "n") {
                        try cursor.skipValue()
                    } else {
                        message.body = try body(&cursor)
                    }
                } else if cursor.keyIs(key, "comment") {
                    message.comment = try cursor.optionalString()
                } else if isKnown(key, cursor, isRequest ? requestKeys : responseKeys) {
                    try scalar(&cursor, number: isKnown(key, cursor, numberKeys))
                } else {
                    let start = cursor.position
                    try cursor.skipValue()
                    message.extensions.append(Member(key: key, value: start..<cursor.position))
                }
            } catch {
                throw error.within(cursor.text(key))
            }
        }
        return message
    }

    private static func pairs(_ cursor: inout JSONCursor) throws(ScanFailure) -> [Pair] {
        switch try cursor.peek() {
        case UInt8(ascii: "n"):
            try cursor.skipValue()
            return []
        case UInt8(ascii: "{"):
            // Internet Explorer 11 writes one cookie as an object where HAR has a list.
            return [try pair(&cursor)]
        default:
            break
        }
        var result: [Pair] = []
        try cursor.expect(UInt8(ascii: "["), "an array")
        while try cursor.nextElement(first: result.isEmpty) {
            do throws(ScanFailure) {
                result.append(try pair(&cursor))
            } catch {
                throw error.within("[\(result.count)]")
            }
        }
        return result
    }

    private static func pair(_ cursor: inout JSONCursor) throws(ScanFailure) -> Pair {
        var pair = Pair()
        try cursor.expect(UInt8(ascii: "{"), "an object")
        var first = true
        while let key = try cursor.nextKey(first: first) {
            first = false
            do throws(ScanFailure) {
                if cursor.keyIs(key, "name") {
                    pair.name = try cursor.optionalString()
                } else if cursor.keyIs(key, "value") {
                    pair.value = try cursor.optionalString()
                } else {
                    try cursor.skipValue()
                }
            } catch {
                throw error.within(cursor.text(key))
            }
        }
        return pair
    }

    private static func body(_ cursor: inout JSONCursor) throws(ScanFailure) -> Body {
        var body = Body()
        try cursor.expect(UInt8(ascii: "{"), "an object")
        var first = true
        while let key = try cursor.nextKey(first: first) {
            first = false
            do throws(ScanFailure) {
                try read(bodyMember: key, into: &body, &cursor)
            } catch {
                throw error.within(cursor.text(key))
            }
        }
        return body
    }

    private static func read(bodyMember key: StringSpan, into body: inout Body, _ cursor: inout JSONCursor) throws(ScanFailure) {
        if cursor.keyIs(key, "text") {
            body.text = try cursor.optionalString()
        } else if cursor.keyIs(key, "mimeType") {
            body.mimeType = try cursor.optionalString()
        } else if cursor.keyIs(key, "encoding") {
            body.encoding = try cursor.optionalString()
        } else if cursor.keyIs(key, "comment") {
            body.comment = try cursor.optionalString()
        } else if cursor.keyIs(key, "params") {
            body.params = try pairs(&cursor)
        } else if cursor.keyIs(key, "size") || cursor.keyIs(key, "compression") {
            try cursor.skipValue()
        } else {
            let start = cursor.position
            try cursor.skipValue()
            body.extensions.append(Member(key: key, value: start..<cursor.position))
        }
    }
}
