import Foundation

/// Writes one line per exchange while recording: time, method, endpoint, status,
/// `error`/`suberror`, milliseconds and flow. Only those fields are printed, so no secret can
/// appear (no query string, header or body value other than the error codes).
public struct ExchangeConsoleLog: Sendable {
    /// The line format.
    public enum Format: Sendable, Hashable {
        /// Aligned human-readable text.
        case text
        /// One JSON object per line.
        case json
    }

    /// What one console line says.
    public struct Line: Sendable, Hashable {
        /// When the request started.
        public var time: Date
        /// HTTP method.
        public var method: String
        /// The native-auth step or the URL path (never the query).
        public var endpoint: String
        /// Response status.
        public var status: Int
        /// `error` of an error response.
        public var error: String?
        /// `suberror` of an error response.
        public var suberror: String?
        /// Total milliseconds.
        public var milliseconds: Double
        /// Flow id the exchange was grouped into.
        public var flowID: String?
    }

    private let format: Format
    private let write: @Sendable (String) -> Void

    /// Creates a log writing lines with `write` (a newline is added).
    public init(format: Format, write: @escaping @Sendable (String) -> Void) {
        self.format = format
        self.write = write
    }

    /// Formats and writes a line.
    public func log(_ line: Line) {
        write(Self.render(line, format: format))
    }

    /// The text of a line in `format`, without a trailing newline.
    public static func render(_ line: Line, format: Format) -> String {
        switch format {
        case .text:
            var parts = [
                Self.clock(line.time), line.method.padding(toLength: 6, withPad: " ", startingAt: 0),
                line.endpoint, String(line.status),
            ]
            if let error = line.error {
                parts.append(line.suberror.map { "\(error)/\($0)" } ?? error)
            }
            parts.append(String(format: "%.1f ms", line.milliseconds))
            if let flow = line.flowID { parts.append(flow) }
            return parts.joined(separator: "  ")
        case .json:
            var object: [String: Any] = [
                "time": TimeFormatting.iso8601(line.time),
                "method": line.method, "endpoint": line.endpoint, "status": line.status,
                "ms": (line.milliseconds * 10).rounded() / 10,
            ]
            object["error"] = line.error
            object["suberror"] = line.suberror
            object["flow"] = line.flowID
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }

    private static func clock(_ date: Date) -> String {
        TimeFormatting.clock(date)
    }
}
