/// The parts of one HAR entry that redaction reads, located in the capture's bytes by
/// `CanonicalEntry.scan` when the entry is exactly in the form `HARWriter` writes it.
///
/// Entries in any other form (other tools' captures, hand edits, extension fields, comments,
/// base64 bodies, POST parameters) are not described here: the caller redacts them through
/// the typed HAR path instead, which gives the same result for every form.
struct CanonicalEntry {
    struct Pair {
        var name: StringToken
        var value: StringToken
    }

    struct Message {
        var headers: [Pair] = []
        var cookies: [Pair] = []
        var query: [Pair] = []
        var url: StringToken?
        var mimeType: StringToken?
        var text: StringToken?
        var encoding: StringToken?
    }

    var request = Message()
    var response = Message()
    /// The value of `_authtape`, when present.
    var authtape: Range<Int>?
    /// Where a new last member would be inserted (just after the last value).
    var endOfMembers = 0
    /// Just after the entry's closing brace.
    var end = 0

    // Member orders, made once rather than per object read, in storage that lives as long as
    // the process: copying an array (or a class reference) out of a global retains it, and
    // the entry readers of both threads did so several times per entry. Never written after
    // initialisation, hence `nonisolated(unsafe)`.
    nonisolated(unsafe) private static let requestOrder = immortal([
        "method", "url", "httpVersion", "cookies", "headers", "queryString", "postData", "headersSize", "bodySize",
    ] as [StaticString])
    nonisolated(unsafe) private static let responseOrder = immortal([
        "status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize", "bodySize",
    ] as [StaticString])
    nonisolated(unsafe) private static let cookieOrder = immortal(["name", "value", "path", "domain", "expires", "httpOnly", "secure"] as [StaticString])
    nonisolated(unsafe) private static let pairOrder = immortal(["name", "value"] as [StaticString])
    nonisolated(unsafe) private static let contentOrder = immortal(["size", "compression", "mimeType", "text", "encoding"] as [StaticString])
    nonisolated(unsafe) private static let postDataOrder = immortal(["mimeType", "text", "encoding"] as [StaticString])
    nonisolated(unsafe) private static let timingsOrder = immortal(
        ["blocked", "dns", "connect", "send", "wait", "receive", "ssl"] as [StaticString])

    // The same as the text before each value at the levels `HARWriter` puts them.
    private static let requestKeys = KeyLiterals(requestOrder, level: KeyLiterals.entryLevel + 1)
    private static let responseKeys = KeyLiterals(responseOrder, level: KeyLiterals.entryLevel + 1)
    private static let contentKeys = KeyLiterals(contentOrder, level: KeyLiterals.entryLevel + 2)
    private static let postDataKeys = KeyLiterals(postDataOrder, level: KeyLiterals.entryLevel + 2)
    private static let timingsKeys = KeyLiterals(timingsOrder, level: KeyLiterals.entryLevel + 1)

    /// `elements` copied into memory that is never freed (for tables made once per process).
    static func immortal<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        let storage = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = storage.initialize(from: elements)
        return UnsafeBufferPointer(storage)
    }

    /// The text from the end of one member's value to the start of the next one's, for each
    /// key of an object at a given level: `,\n<indent>"key": ` (no comma before the first).
    /// When it is there, the key is known without reading it as a string; otherwise the
    /// general reading (`nextKey`) decides, as before.
    struct KeyLiterals: @unchecked Sendable {
        /// Entries sit at this nesting level in a capture `HARWriter` wrote.
        static let entryLevel = 3
        /// Never freed and never written after `init`.
        private let first: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
        private let rest: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>

        init(_ order: UnsafeBufferPointer<StaticString>, level: Int) {
            let indent = [UInt8](repeating: 0x20, count: 2 * (level + 1))
            let texts = order.map { key in
                [0x0A] + indent + [0x22] + UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount) + Array("\": ".utf8)
            }
            first = CanonicalEntry.immortal(texts.map { CanonicalEntry.immortal($0) })
            rest = CanonicalEntry.immortal(texts.map { CanonicalEntry.immortal([UInt8(ascii: ",")] + $0) })
        }

        /// Consumes the text before key `index` when it is next; false (nothing consumed)
        /// otherwise, or when `index` is past the last key.
        func consume(_ index: Int, first isFirst: Bool, from reader: inout CanonicalReader) -> Bool {
            guard index < first.count else { return false }
            return reader.consume(literal: isFirst ? first[index] : rest[index])
        }
    }

    mutating func reset() {
        request.headers.removeAll(keepingCapacity: true)
        request.cookies.removeAll(keepingCapacity: true)
        request.query.removeAll(keepingCapacity: true)
        response.headers.removeAll(keepingCapacity: true)
        response.cookies.removeAll(keepingCapacity: true)
        response.query.removeAll(keepingCapacity: true)
        request.url = nil
        request.mimeType = nil
        request.text = nil
        response.url = nil
        response.mimeType = nil
        response.text = nil
        request.encoding = nil
        response.encoding = nil
        authtape = nil
    }

    /// Reads the entry starting at `reader.position`, an object at nesting level 3. Returns
    /// false when the entry is not in the canonical form handled here.
    mutating func scan(_ reader: inout CanonicalReader) -> Bool {
        reset()
        let level = 3
        var empty = false
        guard reader.beginObject(isEmpty: &empty), !empty else { return false }
        // pageref, startedDateTime, time, request, response, cache, timings, serverIPAddress,
        // connection, _authtape (comment and extension members are left to the typed path).
        var state = 0
        var failed = false
        var first = true
        while let key = reader.nextKey(level: level, first: first, failed: &failed) {
            first = false
            if reader.keyEquals(key, "pageref"), state < 1 {
                state = 1
                guard reader.string() != nil else { return false }
            } else if reader.keyEquals(key, "startedDateTime"), state < 2 {
                state = 2
                guard reader.string() != nil else { return false }
            } else if reader.keyEquals(key, "time"), state == 2 {
                state = 3
                guard reader.double() else { return false }
            } else if reader.keyEquals(key, "request"), state == 3 {
                state = 4
                guard scanRequest(&reader, level: level + 1) else { return false }
            } else if reader.keyEquals(key, "response"), state == 4 {
                state = 5
                guard scanResponse(&reader, level: level + 1) else { return false }
            } else if reader.keyEquals(key, "cache"), state == 5 {
                state = 6
                guard reader.consume(UInt8(ascii: "{")), reader.consume(UInt8(ascii: "}")) else { return false }
            } else if reader.keyEquals(key, "timings"), state == 6 {
                state = 7
                guard Self.scanTimings(&reader, level: level + 1) else { return false }
            } else if reader.keyEquals(key, "serverIPAddress"), state >= 7, state < 8 {
                state = 8
                guard reader.string() != nil else { return false }
            } else if reader.keyEquals(key, "connection"), state >= 7, state < 9 {
                state = 9
                guard reader.string() != nil else { return false }
            } else if reader.keyEquals(key, "_authtape"), state >= 7, state < 10 {
                state = 10
                let start = reader.position
                guard reader.skipAnyValue() else { return false }
                authtape = start..<reader.position
            } else {
                return false
            }
            endOfMembers = reader.position
        }
        guard !failed, state >= 7 else { return false }
        end = reader.position
        return true
    }

    private mutating func scanRequest(_ reader: inout CanonicalReader, level: Int) -> Bool {
        var message = Message()
        swap(&message, &request)
        defer { swap(&message, &request) }
        var empty = false
        guard reader.beginObject(isEmpty: &empty), !empty else { return false }
        let order = Self.requestOrder
        let keys = level == KeyLiterals.entryLevel + 1 ? Self.requestKeys : nil
        var next = 0
        var failed = false
        var first = true
        while true {
            if let keys, keys.consume(next, first: first, from: &reader) {
            } else if let keys, next == 6, keys.consume(7, first: first, from: &reader) {
                next = 7
            } else {
                guard let key = reader.nextKey(level: level, first: first, failed: &failed) else { break }
                // postData is the only optional member.
                if next == 6, !reader.keyEquals(key, "postData") { next = 7 }
                guard next < order.count, reader.keyEquals(key, order[next]) else { return false }
            }
            first = false
            switch next {
            case 0, 2: guard reader.string() != nil else { return false }
            case 1:
                guard let url = reader.string() else { return false }
                message.url = url
            case 3: guard Self.scanPairs(&reader, level: level + 1, into: &message.cookies, cookie: true) else { return false }
            case 4: guard Self.scanPairs(&reader, level: level + 1, into: &message.headers, cookie: false) else { return false }
            case 5: guard Self.scanPairs(&reader, level: level + 1, into: &message.query, cookie: false) else { return false }
            case 6: guard Self.scanBody(&reader, level: level + 1, sizeFirst: false, into: &message) else { return false }
            default: guard reader.integer() else { return false }
            }
            next += 1
        }
        return !failed && next == order.count
    }

    private mutating func scanResponse(_ reader: inout CanonicalReader, level: Int) -> Bool {
        var message = Message()
        swap(&message, &response)
        defer { swap(&message, &response) }
        var empty = false
        guard reader.beginObject(isEmpty: &empty), !empty else { return false }
        let order = Self.responseOrder
        let keys = level == KeyLiterals.entryLevel + 1 ? Self.responseKeys : nil
        var next = 0
        var failed = false
        var first = true
        while true {
            if let keys, keys.consume(next, first: first, from: &reader) {
            } else {
                guard let key = reader.nextKey(level: level, first: first, failed: &failed) else { break }
                guard next < order.count, reader.keyEquals(key, order[next]) else { return false }
            }
            first = false
            switch next {
            case 0, 7, 8: guard reader.integer() else { return false }
            case 1, 2: guard reader.string() != nil else { return false }
            case 3: guard Self.scanPairs(&reader, level: level + 1, into: &message.cookies, cookie: true) else { return false }
            case 4: guard Self.scanPairs(&reader, level: level + 1, into: &message.headers, cookie: false) else { return false }
            case 5: guard Self.scanBody(&reader, level: level + 1, sizeFirst: true, into: &message) else { return false }
            default:
                guard let url = reader.string() else { return false }
                message.url = url
            }
            next += 1
        }
        return !failed && next == order.count
    }

    /// `[{"name": …, "value": …}, …]`; cookies may also carry path, domain, expires,
    /// httpOnly and secure, in that order.
    private static func scanPairs(_ reader: inout CanonicalReader, level: Int, into pairs: inout [Pair], cookie: Bool) -> Bool {
        guard reader.consume(UInt8(ascii: "[")) else { return false }
        if reader.consume(UInt8(ascii: "]")) { return true }
        if !cookie, level == PairLiterals.level { return scanNameValuePairs(&reader, into: &pairs) }
        var firstElement = true
        while true {
            if !firstElement {
                if reader.consumeNewline(level: level), reader.consume(UInt8(ascii: "]")) { return true }
                guard reader.consume(UInt8(ascii: ",")) else { return false }
            }
            firstElement = false
            guard reader.consumeNewline(level: level + 1) else { return false }
            var empty = false
            guard reader.beginObject(isEmpty: &empty), !empty else { return false }
            let order = cookie ? Self.cookieOrder : Self.pairOrder
            var next = 0
            var failed = false
            var first = true
            var name: StringToken?
            var value: StringToken?
            while let key = reader.nextKey(level: level + 1, first: first, failed: &failed) {
                first = false
                while next < order.count, next >= 2, !reader.keyEquals(key, order[next]) { next += 1 }
                guard next < order.count, reader.keyEquals(key, order[next]) else { return false }
                if next >= 5 {
                    guard reader.boolean() else { return false }
                } else {
                    guard let token = reader.string() else { return false }
                    if next == 0 { name = token } else if next == 1 { value = token }
                }
                next += 1
            }
            guard !failed, let name, let value else { return false }
            pairs.append(Pair(name: name, value: value))
        }
    }

    /// The fixed text around a header's or query parameter's name and value in an entry
    /// written by `HARWriter` (arrays at nesting level 5): everything but the two strings.
    /// In never-freed storage, like the key literals (reading them retains nothing).
    private enum PairLiterals {
        static let level = 5
        nonisolated(unsafe) static let open = immortal(Array("\n            {\n              \"name\": ".utf8))
        nonisolated(unsafe) static let middle = immortal(Array(",\n              \"value\": ".utf8))
        nonisolated(unsafe) static let close = immortal(Array("\n            }".utf8))
        nonisolated(unsafe) static let end = immortal(Array("\n          ]".utf8))
    }

    /// `scanPairs` for `{"name": …, "value": …}` objects at level 5 (after the `[` of a
    /// non-empty array): the text between the strings compared as a whole instead of read
    /// key by key. Accepts exactly what the general reading accepts there.
    private static func scanNameValuePairs(_ reader: inout CanonicalReader, into pairs: inout [Pair]) -> Bool {
        // Loaded once: each use of a global constant is a call to check it is initialised.
        let (open, middle, close, end) = (PairLiterals.open, PairLiterals.middle, PairLiterals.close, PairLiterals.end)
        while true {
            guard reader.consume(literal: open), let name = reader.string(), reader.consume(literal: middle),
                let value = reader.string(), reader.consume(literal: close)
            else { return false }
            pairs.append(Pair(name: name, value: value))
            if reader.consume(literal: end) { return true }
            guard reader.consume(UInt8(ascii: ",")) else { return false }
        }
    }

    /// `postData` (`mimeType`, `text`, `encoding`) or `content` (`size`, `compression`,
    /// `mimeType`, `text`, `encoding`).
    private static func scanBody(_ reader: inout CanonicalReader, level: Int, sizeFirst: Bool, into message: inout Message) -> Bool {
        var empty = false
        guard reader.beginObject(isEmpty: &empty), !empty else { return false }
        let order = sizeFirst ? Self.contentOrder : Self.postDataOrder
        let keys = level == KeyLiterals.entryLevel + 2 ? (sizeFirst ? Self.contentKeys : Self.postDataKeys) : nil
        let mimeIndex = sizeFirst ? 2 : 0
        var next = 0
        var failed = false
        var first = true
        while true {
            if let keys, keys.consume(next, first: first, from: &reader) {
            } else {
                guard let key = reader.nextKey(level: level, first: first, failed: &failed) else { break }
                // compression, text and encoding are optional.
                while next < order.count, next != 0, next != mimeIndex, !reader.keyEquals(key, order[next]) { next += 1 }
                guard next < order.count, reader.keyEquals(key, order[next]) else { return false }
            }
            first = false
            if next < mimeIndex {
                guard reader.integer() else { return false }
            } else {
                guard let token = reader.string() else { return false }
                switch next - mimeIndex {
                case 0: message.mimeType = token
                case 1: message.text = token
                default: message.encoding = token
                }
            }
            next += 1
        }
        return !failed && message.mimeType != nil
    }

    /// `blocked`, `dns`, `connect` (optional), `send`, `wait`, `receive`, `ssl` (optional).
    private static func scanTimings(_ reader: inout CanonicalReader, level: Int) -> Bool {
        var empty = false
        guard reader.beginObject(isEmpty: &empty), !empty else { return false }
        let order = Self.timingsOrder
        let keys = level == KeyLiterals.entryLevel + 1 ? Self.timingsKeys : nil
        var next = 0
        var failed = false
        var first = true
        while true {
            if let keys, keys.consume(next, first: first, from: &reader) {
            } else {
                guard let key = reader.nextKey(level: level, first: first, failed: &failed) else { break }
                while next < order.count, next != 3, next != 4, next != 5, !reader.keyEquals(key, order[next]) { next += 1 }
                guard next < order.count, reader.keyEquals(key, order[next]) else { return false }
            }
            first = false
            guard reader.double() else { return false }
            next += 1
        }
        return !failed && next >= 6
    }
}
