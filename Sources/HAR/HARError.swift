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
}
