import Foundation
import HAR
import Redaction

/// Everything `authtape record` runs: the capture writer and the proxy in front of an upstream.
///
/// The CLI starts the embedded emulator itself when no upstream is given and passes its address.
public final class RecordingSession: Sendable {
    /// What to record.
    public struct Configuration: Sendable {
        /// Proxy settings (mode, listen address, limits).
        public var proxy: RecorderSettings
        /// Capture settings (output path, rules).
        public var capture: CaptureWriter.Settings
        /// Console line format, or nil for `--quiet`.
        public var consoleFormat: ExchangeConsoleLog.Format? = .text
        /// Where console lines go (standard output by default).
        public var consoleWrite: @Sendable (String) -> Void = { line in print(line) }

        /// Creates a configuration.
        public init(proxy: RecorderSettings, capture: CaptureWriter.Settings) {
            self.proxy = proxy
            self.capture = capture
        }
    }

    /// The running proxy.
    public let proxy: RecordingProxy
    /// The capture writer.
    public let writer: CaptureWriter

    private init(proxy: RecordingProxy, writer: CaptureWriter) {
        self.proxy = proxy
        self.writer = writer
    }

    /// Opens the capture (recovering a leftover journal first) and starts the proxy.
    public static func start(_ configuration: Configuration) async throws -> RecordingSession {
        let console = configuration.consoleFormat.map {
            ExchangeConsoleLog(format: $0, write: configuration.consoleWrite)
        }
        let writer = try CaptureWriter(settings: configuration.capture, console: console)
        do {
            let proxy = try await RecordingProxy.start(settings: configuration.proxy, sink: writer)
            return RecordingSession(proxy: proxy, writer: writer)
        } catch {
            // Nothing was recorded: leave no empty journal behind.
            writer.abandon()
            throw error
        }
    }

    /// Stops the proxy and finalizes the capture; returns the number of entries written.
    @discardableResult
    public func stop() async throws -> Int {
        // Let exchanges already handed to the capture thread reach their clients before the
        // event loops go away, then close everything and finalize.
        try? await proxy.stopAccepting()
        let writer = self.writer
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                writer.drain()
                done.resume()
            }
        }
        try await proxy.shutdown()
        return try writer.finish()
    }
}

/// Waiting for SIGINT or SIGTERM without the default handler killing the process.
public enum TerminationSignal {
    /// Returns the first of SIGINT or SIGTERM received from now on.
    public static func wait() async -> Int32 {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            sources.append(source)
        }
        var received = SIGINT
        for await number in stream {
            received = number
            break
        }
        for source in sources { source.cancel() }
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
        return received
    }
}
