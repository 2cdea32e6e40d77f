/// A problem reading or writing a HAR file or journal. The description names the file, the
/// place in the document and what is wrong, for example
/// `capture.har: entries[3].response.content: text is not valid base64`.
/// Messages never include field values, so no secret reaches them.
public struct HARError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or other source name) the problem is in; empty when unknown.
    public let file: String
    /// Where in the document, for example `entries[3].response.content`; empty for the whole file.
    public let path: String
    /// What is wrong.
    public let message: String

    public init(file: String, path: String = "", message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        [file, path, message].filter { !$0.isEmpty }.joined(separator: ": ")
    }

    /// What every command says of a file that is JSON but not a HAR: HAR 1.2's one
    /// requirement a reader cannot do without is a `log` object holding an `entries` array.
    public static let notAHARMessage = "not a HAR file: no log.entries array"

    /// The error for a file that is JSON but has no `log.entries` array (``notAHARMessage``).
    public static func notAHAR(file: String) -> HARError {
        HARError(file: file, message: notAHARMessage)
    }

    /// A file that cannot be opened, with the system's reason (`cannot open: No such file or directory`).
    public static func cannotOpen(file: String, errno code: Int32) -> HARError {
        HARError(file: file, message: "cannot open: \(FileIO.errnoText(code))")
    }

    /// A read that failed, with the system's reason and, when known, the byte it failed at.
    public static func cannotRead(file: String, errno code: Int32, atByte offset: Int? = nil) -> HARError {
        HARError(file: file, message: "cannot read: \(FileIO.errnoText(code))" + (offset.map { " at byte \($0)" } ?? ""))
    }

    /// Whether this is the verdict that the file is not a HAR at all.
    public var isNotAHAR: Bool { path.isEmpty && message == Self.notAHARMessage }

    /// The same error with `prefix` put in front of its path (for example `entries[3]`), and
    /// with `file` set when given; for errors from `bodyBytes()` or `init(json:)` on a part.
    public func prefixed(by prefix: String, file: String? = nil) -> HARError {
        let joined: String
        if path.isEmpty {
            joined = prefix
        } else if prefix.isEmpty {
            joined = path
        } else {
            joined = path.hasPrefix("[") ? prefix + path : prefix + "." + path
        }
        return HARError(file: file ?? self.file, path: joined, message: message)
    }
}

/// A decoding failure below the document level, with its path collected while unwinding.
struct FieldError: Error {
    /// Path components, innermost first ("content", "response", "[3]", "entries").
    var reversedPath: [String] = []
    var message: String

    init(_ message: String) { self.message = message }

    init(expected: String, found value: JSONValue) {
        message = "expected \(expected), found \(value.kindDescription)"
    }

    func at(_ component: String) -> FieldError {
        var copy = self
        copy.reversedPath.append(component)
        return copy
    }

    var path: String {
        var text = ""
        for component in reversedPath.reversed() {
            if !text.isEmpty && !component.hasPrefix("[") { text += "." }
            text += component
        }
        return text
    }

    func harError(file: String) -> HARError {
        HARError(file: file, path: path, message: message)
    }

    /// The path's components, outermost first (`log`, `entries`, `[3]`, `request`).
    var components: [String] { reversedPath.reversed() }
}
