import Foundation
import Logging

@testable import Emulator

/// Collects every log line (message and metadata) at trace level, for secret-leak checks.
final class LogSink: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var lines: [String] { lock.withLock { storage } }

    func append(_ line: String) { lock.withLock { storage.append(line) } }

    var logger: Logger {
        Logger(label: "test.sink") { _ in Handler(sink: self) }
    }

    struct Handler: LogHandler {
        let sink: LogSink
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            sink.append("\(event.level) \(event.message) \(all.map { "\($0)=\($1)" }.sorted().joined(separator: " "))")
        }
    }
}
