import Foundation
import Logging

/// Collects log lines (level, message, metadata) for checks that nothing secret is logged.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var all: [String] { lock.withLock { storage } }

    var logger: Logger { Logger(label: "mock.tests") { _ in Handler(sink: self) } }

    struct Handler: LogHandler {
        let sink: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let line = "\(event.level) \(event.message) " + all.map { "\($0)=\($1)" }.sorted().joined(separator: " ")
            sink.lock.withLock { sink.storage.append(line) }
        }
    }
}
