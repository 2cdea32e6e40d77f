import HAR

/// A piece of a HAR document the stream hands over whole.
enum HARPart: Equatable, Sendable {
    /// `log.entries[index]`.
    case entry(Int)
    /// `log.pages`.
    case pages
    /// `log.comment`.
    case logComment
    /// Another member of `log`: `version`, `creator`, `browser`, or an extension.
    case logMember(String)
    /// A member of the document other than `log`.
    case documentMember(String)

    /// Where it is, for messages (`entries[3]`, `log.pages`).
    var field: String {
        switch self {
        case .entry(let index): return "log.entries[\(index)]"
        case .pages: return "log.pages"
        case .logComment: return "log.comment"
        case .logMember(let key): return "log.\(key)"
        case .documentMember(let key): return key
        }
    }
}

/// What walks a HAR stream gets: every byte of the input, in order, either as text between
/// parts (`pass`) or as a whole part (`part`). The buffers are valid only during the call.
protocol HARPartHandler {
    /// Bytes outside any part: punctuation, keys, white space.
    mutating func pass(_ bytes: UnsafeBufferPointer<UInt8>) throws(HARError)
    /// One part's bytes `range` of `bytes` (which may hold more around it).
    mutating func part(_ part: HARPart, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(ScanFailure)
    /// After each part: a chance to write out what was gathered.
    mutating func didFinishPart() throws(HARError)
    /// Entry `index`, starting at `start` in `bytes`, read and handled without the stream
    /// scanning it first (the handler's own reading checks it): nil when this handler does not
    /// (the stream scans the entry, then calls `part`). `incomplete` must mean nothing was done.
    mutating func entry(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> EntryOutcome?
}

extension HARPartHandler {
    mutating func entry(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> EntryOutcome? { nil }
}

/// What a handler that reads entries itself made of one (`HARPartHandler.entry`).
enum EntryOutcome {
    /// The bytes end inside the entry; nothing was done: read more and ask again.
    case incomplete
    /// Handled; the entry ends at `end`.
    case done(end: Int)
    /// Not a valid entry (`failure` is never `incomplete` before anything was done).
    case failed(ScanFailure)
}

/// Walks a HAR document read as a stream of JSON tokens from an `InputWindow`: the document
/// and `log` objects member by member (any order, any white space), `log.entries` element by
/// element. Memory holds the window only: its size is the read size or the largest part.
///
/// Its verdict on what is a HAR is `HARReader`'s: JSON whose `log` is an object holding an
/// `entries` array. Anything else is refused with `HARError.notAHARMessage` once the whole input
/// has been checked as JSON (a file that is not JSON at all gets its JSON error instead).
struct HARStream {
    private var input: InputWindow
    private let file: String
    /// The input offset up to which everything was handed over.
    private var position = 0
    /// Where the last step ended (absolute).
    private var scanned = 0
    /// Whether the document had a `log` object.
    private var sawLog = false
    /// Whether that `log` had an `entries` array.
    private(set) var sawEntries = false

    init(input: InputWindow, file: String) {
        self.input = input
        self.file = file
    }

    mutating func walk<H: HARPartHandler>(_ handler: inout H) throws(HARError) {
        // A byte order mark is passed through.
        let hasMark = try step("") { (cursor: inout JSONCursor) throws(ScanFailure) -> Bool in
            let bytes = cursor.bytes
            guard bytes.count >= 3 else {
                if bytes.count > 0, bytes[0] != 0xEF { return false }
                throw .incomplete
            }
            return bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        }
        if hasMark {
            scanned = 3
            try pass(&handler)
        }
        if try isNext(UInt8(ascii: "{"), field: "") {
            try object("", &handler) { (this: inout HARStream, key: String, handler: inout H) throws(HARError) in
                if key == "log", try this.isNext(UInt8(ascii: "{"), field: "log") {
                    this.sawLog = true
                    try this.log(&handler)
                } else {
                    try this.part(.documentMember(key), &handler)
                }
            }
        } else {
            // JSON that is not an object is checked whole, then refused below.
            try part(.documentMember(""), &handler)
        }
        // Only white space may follow the document.
        try step("", atEnd: ()) { (cursor: inout JSONCursor) throws(ScanFailure) in
            cursor.skipWhitespace()
            if cursor.position < cursor.bytes.count { throw cursor.invalid("unexpected text after the document") }
            throw .incomplete
        }
        try pass(&handler)
        guard sawLog, sawEntries else { throw HARError.notAHAR(file: file) }
    }

    /// Whether the next value starts with `byte` (without consuming it).
    private mutating func isNext(_ byte: UInt8, field: String) throws(HARError) -> Bool {
        try step(field) { (cursor: inout JSONCursor) throws(ScanFailure) -> Bool in try cursor.peek() == byte }
    }

    private mutating func log<H: HARPartHandler>(_ handler: inout H) throws(HARError) {
        try object("log", &handler) { (this: inout HARStream, key: String, handler: inout H) throws(HARError) in
            switch key {
            case "entries":
                if try this.isNext(UInt8(ascii: "["), field: "log.entries") {
                    this.sawEntries = true
                    try this.entries(&handler)
                } else {
                    try this.part(.logMember(key), &handler)
                }
            case "comment": try this.part(.logComment, &handler)
            case "pages": try this.part(.pages, &handler)
            default: try this.part(.logMember(key), &handler)
            }
        }
    }

    /// An object's members, each value handled by `member` (which must consume it).
    private mutating func object<H: HARPartHandler>(
        _ field: String, _ handler: inout H, member: (inout HARStream, String, inout H) throws(HARError) -> Void
    ) throws(HARError) {
        try step(field) { (cursor: inout JSONCursor) throws(ScanFailure) in try cursor.expect(UInt8(ascii: "{"), "an object") }
        try pass(&handler)
        var first = true
        while true {
            let key = try step(field) { (cursor: inout JSONCursor) throws(ScanFailure) -> String? in
                if try cursor.consume(UInt8(ascii: "}")) { return nil }
                if !first { try cursor.expect(UInt8(ascii: ","), "',' or '}' in an object") }
                let key = try cursor.string()
                try cursor.expect(UInt8(ascii: ":"), "':' after a key")
                _ = try cursor.peek()
                return cursor.text(key)
            }
            try pass(&handler)
            guard let key else { return }
            first = false
            try member(&self, key, &handler)
        }
    }

    private mutating func entries<H: HARPartHandler>(_ handler: inout H) throws(HARError) {
        try step("log.entries") { (cursor: inout JSONCursor) throws(ScanFailure) in try cursor.expect(UInt8(ascii: "["), "an array") }
        try pass(&handler)
        var count = 0
        while true {
            let more = try step("log.entries") { [count] (cursor: inout JSONCursor) throws(ScanFailure) -> Bool in
                if try cursor.consume(UInt8(ascii: "]")) { return false }
                if count > 0 { try cursor.expect(UInt8(ascii: ","), "',' or ']' in an array") }
                _ = try cursor.peek()
                return true
            }
            try pass(&handler)
            guard more else { return }
            try part(.entry(count), &handler)
            count += 1
        }
    }

    /// Scans the value at `position` whole and hands it to `handler`.
    private mutating func part<H: HARPartHandler>(_ part: HARPart, _ handler: inout H) throws(HARError) {
        // A handler that reads entries itself saves the scan (one pass over each entry, not two).
        if case .entry(let index) = part, try entry(index, &handler) { return }
        // A bad entry is read again field by field, for a message that names the field.
        let diagnose: ((inout JSONCursor) throws(ScanFailure) -> Void)? =
            if case .entry = part { { (cursor: inout JSONCursor) throws(ScanFailure) in _ = try EntryFields(&cursor) } } else { nil }
        try step(part.field, diagnose: diagnose) { (cursor: inout JSONCursor) throws(ScanFailure) in try cursor.skipValue() }
        let start = position - input.base
        let end = scanned - input.base
        let result = input.bytes.withUnsafeBufferPointer { buffer -> ScanFailure? in
            do throws(ScanFailure) {
                try handler.part(part, buffer, start..<end)
                return nil
            } catch {
                return error
            }
        }
        if let result { throw harError(result, field: part.field) }
        position = scanned
        try handler.didFinishPart()
    }

    /// Entry `index` through `handler.entry`, reading more input while it is incomplete; false
    /// when the handler does not read entries itself.
    private mutating func entry<H: HARPartHandler>(_ index: Int, _ handler: inout H) throws(HARError) -> Bool {
        while true {
            let start = position - input.base
            let outcome = input.bytes.withUnsafeBufferPointer { buffer in handler.entry(index, buffer, at: start) }
            switch outcome {
            case nil:
                return false
            case .done(let end)?:
                scanned = input.base + end
                position = scanned
                try handler.didFinishPart()
                return true
            case .failed(let failure)?:
                throw harError(failure, field: HARPart.entry(index).field)
            case .incomplete?:
                if input.isAtEnd {
                    throw HARError(file: file, path: HARPart.entry(index).field, message: "the file ends early (truncated at byte \(input.end))")
                }
                if let failure = input.readMore(keepingFrom: position) {
                    throw HARError.cannotRead(file: file, errno: failure, atByte: input.end)
                }
            }
        }
    }

    /// Hands the bytes from `position` to the last step's end to `handler.pass`.
    private mutating func pass<H: HARPartHandler>(_ handler: inout H) throws(HARError) {
        guard scanned > position else { return }
        let range = (position - input.base)..<(scanned - input.base)
        try input.bytes.withUnsafeBufferPointer { (buffer) throws(HARError) in try handler.pass(UnsafeBufferPointer(rebasing: buffer[range])) }
        position = scanned
    }

    /// Runs `body` on the window from `position`, reading more input until it completes,
    /// and notes where it ended (`scanned`). At the end of the input, an incomplete step is
    /// a truncated file, unless `atEnd` gives its value.
    @discardableResult
    private mutating func step<T>(
        _ field: String, atEnd: T? = nil, diagnose: ((inout JSONCursor) throws(ScanFailure) -> Void)? = nil,
        _ body: (inout JSONCursor) throws(ScanFailure) -> T
    ) throws(HARError) -> T {
        while true {
            let start = position - input.base
            let attempt = input.bytes.withUnsafeBufferPointer { buffer -> Result<(T, Int), ScanFailure> in
                var cursor = JSONCursor(buffer, position: start)
                do throws(ScanFailure) {
                    let value = try body(&cursor)
                    return .success((value, cursor.position))
                } catch {
                    return .failure(error)
                }
            }
            switch attempt {
            case .success(let (value, end)):
                scanned = input.base + end
                return value
            case .failure(.incomplete):
                if input.isAtEnd {
                    if let atEnd {
                        scanned = input.end
                        return atEnd
                    }
                    throw HARError(file: file, path: field, message: "the file ends early (truncated at byte \(input.end))")
                }
                if let failure = input.readMore(keepingFrom: position) {
                    throw HARError.cannotRead(file: file, errno: failure, atByte: input.end)
                }
            case .failure(let failure):
                guard let diagnose else { throw harError(failure, field: field) }
                let detailed = input.bytes.withUnsafeBufferPointer { buffer -> ScanFailure? in
                    var cursor = JSONCursor(buffer, position: start)
                    do throws(ScanFailure) {
                        try diagnose(&cursor)
                        return nil
                    } catch {
                        return error
                    }
                }
                if case .invalid? = detailed, let detailed { throw harError(detailed, field: field) }
                throw harError(failure, field: field)
            }
        }
    }

    private func harError(_ failure: ScanFailure, field: String) -> HARError {
        guard case .invalid(let offset, let message, let path) = failure else {
            return HARError(file: file, path: field, message: "the file ends early (truncated at byte \(input.end))")
        }
        let place = Self.join(field, path)
        // Outside any member the only failures are JSON's own (a HAR's shape is checked below
        // the document): worded as HARReader words a file that is not JSON.
        if place.isEmpty { return HARError(file: file, message: "invalid JSON at byte \(input.base + offset): \(message)") }
        return HARError(file: file, path: place, message: "\(message) at byte \(input.base + offset)")
    }

    /// `entries[3]` and `["value", "[2]", "headers", "request"]` (innermost first) as
    /// `entries[3].request.headers[2].value`.
    static func join(_ field: String, _ path: [String]) -> String {
        var result = field
        for component in path.reversed() {
            if !result.isEmpty, !component.hasPrefix("[") { result += "." }
            result += component
        }
        return result
    }
}
