import Foundation

/// Writes one line per exchange while recording: time, method, endpoint, status, for a V2 answer its
/// `state`/`action`, `error`/`suberror`, milliseconds and flow. Only those fields are printed, so no
/// secret can appear (no query string, header or body value other than those names and codes; a V2
/// step is a link relation or a path template, never an href).
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
        /// The native-auth step (`signup/v1.0/start`, `v2 verify`) or the URL path (never the query).
        public var endpoint: String
        /// Response status.
        public var status: Int
        /// `state` of a V2 answer (`interactionRequired`, `continue`, `webFallbackRequired`).
        public var state: String? = nil
        /// `action` of a V2 answer (`challenge`, `verify`, `poll`…).
        public var action: String? = nil
        /// `error` of an error response (a V2 answer's `error.code`).
        public var error: String?
        /// `suberror` of an error response (a V2 answer's `error.innerError.code`).
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
            let answer = [line.state.map { "state=\($0)" }, line.action.map { "action=\($0)" }].compactMap { $0 }
            if !answer.isEmpty { parts.append(answer.joined(separator: " ")) }
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
            object["state"] = line.state
            object["action"] = line.action
            object["flow"] = line.flowID
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }

    private static func clock(_ date: Date) -> String {
        TimeFormatting.clock(date)
    }
}
