import Foundation
import HAR
import NIOConcurrencyHelpers
import NIOCore
import NativeAuthWire
import Redaction

/// The exchange sink of `authtape record`: converts each exchange to a HAR entry, groups it into
/// a flow, redacts it, and appends it to the crash-safe journal before anything else sees it on
/// disk; `finish()` turns the journal into the HAR named by ``Settings/outputPath``.
public final class CaptureWriter: ExchangeSink {
    /// What to write and how.
    public struct Settings: Sendable {
        /// The HAR file written on finish (`--out`); the journal sits next to it.
        public var outputPath: String
        /// Redaction rules (defaults plus `--rules FILE`).
        public var ruleSet: RuleSet = .nativeAuthDefaults
        /// Name of the rule set recorded in the capture.
        public var ruleSetName = "native-auth-default"
        /// `reverse-proxy` or `forward-proxy`.
        public var mode = "reverse-proxy"
        /// The upstream, for the capture's log fields.
        public var upstream: String?
        /// Version of the tool writing the capture.
        public var toolVersion = "0.1.0"
        /// `fsync` after every entry (slower; the default relies on the OS page cache, which
        /// survives the process being killed).
        public var syncEachEntry = false
        /// Most secrets whose placeholders are remembered (see ``PlaceholderTable/init(capacity:)``).
        public var placeholderMemory = 16_384

        /// Creates settings writing to `outputPath`.
        public init(outputPath: String) {
            self.outputPath = outputPath
        }
    }

    /// What `start` found and did with a journal left by an earlier run.
    public struct LeftoverRecovery: Sendable {
        /// The HAR the leftover journal was finalized into.
        public var path: String
        /// Entries it held.
        public var entries: Int
    }

    /// The settings in force.
    public let settings: Settings
    /// The journal path (`<out>.journal.tmp`).
    public let journalPath: String
    /// Set when a journal left by a crash was recovered on start.
    public let leftover: LeftoverRecovery?
    private let journal: HARJournal
    private let pipeline: Pipeline
    private let queue: CaptureQueue

    /// Opens the journal (recovering one left by a crash into a side file first).
    public init(settings: Settings, console: ExchangeConsoleLog?) throws {
        self.settings = settings
        self.journalPath = HARJournal.journalPath(forCapture: settings.outputPath)
        // A recorder may run for days: its table forgets the oldest secrets beyond 16,384 (a
        // token is needed only until its flow's next step), so memory stays flat.
        let redactor = try Redactor(
            ruleSet: settings.ruleSet, placeholders: PlaceholderTable(capacity: settings.placeholderMemory))
        if FileManager.default.fileExists(atPath: journalPath) {
            let target = Self.recoveredPath(for: settings.outputPath, date: Date())
            let report = try HARJournal.finalize(journalPath: journalPath, to: target)
            leftover = LeftoverRecovery(path: target, entries: report.entriesRecovered)
        } else {
            leftover = nil
        }
        let fields = AuthTapeLogFields(
            toolVersion: settings.toolVersion, upstream: settings.upstream, mode: settings.mode,
            redactionRules: settings.ruleSetName)
        journal = try HARJournal(
            path: journalPath, creator: HARCreator(name: "authtape", version: settings.toolVersion),
            logFields: fields, syncEachEntry: settings.syncEachEntry)
        let pipeline = Pipeline(journal: journal, redactor: redactor, console: console)
        self.pipeline = pipeline
        queue = CaptureQueue { pipeline.write(batch: $0) }
    }

    deinit {
        queue.stop()
    }

    /// `capture.har` → `capture.recovered-20261122-151000.har`.
    static func recoveredPath(for output: String, date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = formatter.string(from: date)
        let url = URL(fileURLWithPath: output)
        let ext = url.pathExtension.isEmpty ? "har" : url.pathExtension
        return url.deletingPathExtension().path + ".recovered-\(stamp).\(ext)"
    }

    /// Converts, redacts and appends one exchange on the calling thread, then prints its console line.
    public func record(_ exchange: RecordedExchange) {
        pipeline.write(exchange)
    }

    /// Hands the exchange to the capture thread, which converts, redacts and appends it and then
    /// calls `completion`. When the capture queue is full the exchange is written on the calling
    /// thread instead (backpressure), before `completion` is called.
    public func record(_ exchange: RecordedExchange, completion: @escaping @Sendable () -> Void) {
        if !queue.enqueue(exchange, completion: completion) {
            pipeline.write(exchange)
            completion()
        }
    }

    /// Hands the exchange to the capture thread, which converts, redacts and appends it; then
    /// `completion` runs on `eventLoop`, in one task with the other completions of the same batch
    /// and loop. When the queue is full the exchange is written on the calling thread instead.
    public func record(
        _ exchange: RecordedExchange, completingOn eventLoop: any EventLoop,
        _ completion: @escaping @Sendable () -> Void
    ) {
        if !queue.enqueue(exchange, completingOn: eventLoop, completion: completion) {
            pipeline.write(exchange)
            eventLoop.runHereOrSoon(completion)
        }
    }

    /// Waits until every exchange handed to the capture thread is in the journal.
    public func drain() {
        queue.drain()
    }

    /// Times the capture queue was full and an exchange was written on the proxy's thread.
    public var queueOverflows: Int { queue.overflowCount }

    /// Entries appended so far.
    public var entryCount: Int { journal.entryCount }

    /// Journal write failures so far (for example a full disk).
    public var writeFailures: [String] { pipeline.failures.withLockedValue { $0 } }

    /// Closes the journal and writes the HAR file (mode 0600), then replaces in it every value
    /// redacted during the recording wherever it still is: an entry written before a secret was
    /// first met gets its placeholder too. (Secrets are held in memory only, so `recover` after a
    /// crash cannot do this last pass; each entry in the journal already had the secrets known
    /// when it was written replaced.)
    @discardableResult
    public func finish() throws -> Int {
        queue.stop()
        let report = try journal.finish(to: settings.outputPath)
        try pipeline.redactor.replaceKnownSecrets(inFile: settings.outputPath)
        return report.entriesRecovered
    }

    /// Closes and deletes the journal without writing a HAR (nothing was recorded).
    public func abandon() {
        queue.stop()
        try? journal.close()
        try? FileManager.default.removeItem(atPath: journalPath)
    }

    /// Turns the journal of `outputPath` left by a crash into the HAR at `outputPath`.
    public static func recover(outputPath: String) throws -> (entries: Int, dropped: Int) {
        let report = try HARJournal.finalize(
            journalPath: HARJournal.journalPath(forCapture: outputPath), to: outputPath)
        return (report.entriesRecovered, report.linesDropped)
    }
}

extension CaptureWriter {
    /// The work done for each exchange, on whichever thread writes it.
    final class Pipeline: Sendable {
        let journal: HARJournal
        let redactor: Redactor
        let console: ExchangeConsoleLog?
        let flows = NIOLockedValueBox(FlowTracker())
        let failures = NIOLockedValueBox<[String]>([])

        init(journal: HARJournal, redactor: Redactor, console: ExchangeConsoleLog?) {
            self.journal = journal
            self.redactor = redactor
            self.console = console
        }

        /// Converts, redacts and appends one exchange, then prints its console line.
        func write(_ exchange: RecordedExchange) {
            write(batch: [exchange])
        }

        /// Converts and redacts each exchange, appends them all to the journal with one write, then
        /// prints their console lines.
        func write(batch exchanges: [RecordedExchange]) {
            var journalLines: [UInt8] = []
            var written = 0
            var lines: [ExchangeConsoleLog.Line] = []
            for exchange in exchanges {
                let (entry, line) = prepare(exchange, withLine: console != nil)
                if let entry {
                    journalLines.append(contentsOf: entry)
                    journalLines.append(0x0A)
                    written += 1
                }
                if let line { lines.append(line) }
            }
            do {
                try journal.append(lines: journalLines, count: written)
            } catch {
                failures.withLockedValue { $0.append(String(describing: error)) }
            }
            if let console {
                for line in lines { console.log(line) }
            }
        }

        /// The redacted journal line of one exchange (nil when it could not be redacted: nothing
        /// unredacted is ever written), in its flow, and its console line if asked for.
        private func prepare(_ exchange: RecordedExchange, withLine: Bool) -> ([UInt8]?, ExchangeConsoleLog.Line?) {
            let decoded = Self.decodedResponseBody(exchange.response)
            let responseJSON = BodyFields.json(decoded)
            let responseFields = BodyFields.strings(of: responseJSON)
            let observation = Self.observation(of: exchange, responseJSON: responseJSON, responseFields: responseFields)
            let assignment = flows.withLockedValue { $0.assign(observation) }
            var entry = HAREntryConversion.entry(for: exchange, decodedResponseBody: decoded)
            // A path that is not a native-auth endpoint is its own step name: it may hold what the
            // URL rules replace (a V2 method id, a token in a path), so the step and the console
            // line take the redacted URL's path, never the raw one. (V2 steps are names or
            // templates, secret-free by construction.) The entry's walk below replaces known
            // secrets in the step too.
            var step = assignment.step
            let stepIsPath = step == observation.path
            if stepIsPath { step = Self.path(ofURL: redactor.redactedURL(entry.request.url)) }
            entry.authtape = AuthTapeEntryFields(flowId: assignment.flowID, flowKind: assignment.kind, step: step)
            // The journal line, redacted on its bytes with `authtape redact`'s walk: the rules
            // first, then every value any rule redacted before (in this entry or an earlier one)
            // wherever else it turns up in this entry.
            var bytes: [UInt8] = []
            entry.appendCompactJSON(to: &bytes)
            let redacted: [UInt8]?
            do {
                redacted = try redactor.redactEntry(bytes: bytes, replacingKnownSecrets: true).bytes
            } catch {
                // The message names a field and a byte offset, never a value.
                failures.withLockedValue { $0.append("entry not written: \(error)") }
                redacted = nil
            }
            guard withLine else { return (redacted, nil) }
            // Again for the console, with the secrets this entry's walk met after its URL.
            if stepIsPath { step = Self.path(ofURL: redactor.redactedURL(entry.request.url)) }
            let answer = observation.answer
            var line = ExchangeConsoleLog.Line(
                time: exchange.startedAt, method: exchange.request.method, endpoint: step,
                status: exchange.response.status, error: Self.code(responseFields["error"] ?? exchange.proxyError),
                suberror: Self.code(responseFields["suberror"]), milliseconds: exchange.timings.total,
                flowID: assignment.flowID)
            if assignment.isV2 {
                line.state = Self.code(answer.state)
                line.action = Self.code(answer.action)
                line.error = Self.code(answer.errorCode ?? exchange.proxyError)
                line.suberror = Self.code(answer.innerErrorCode ?? responseFields["suberror"])
            }
            return (redacted, line)
        }

        /// What flow tracking reads of an exchange: the form's `continuation_token` (and at the token
        /// endpoint `grant_type` and `code`), a JSON body's `continuationToken`, the request id and the answer.
        private static func observation(
            of exchange: RecordedExchange, responseJSON: JSONValue?, responseFields: [String: String]
        ) -> FlowTracker.Observation {
            let body = exchange.request.body
            let path = Self.path(ofURL: exchange.request.url)
            var observation = FlowTracker.Observation(path: path)
            if Self.isForm(exchange.request.headers) {
                observation.formContinuationToken = BodyFields.formValue("continuation_token", in: body)
                if V2Exchange.endsWith(path, V2Path.token) {
                    observation.formGrantType = BodyFields.formValue("grant_type", in: body)
                    if observation.formGrantType == V2Key.authorizationCodeGrant {
                        observation.formCode = BodyFields.formValue(V2Key.code, in: body)
                    }
                }
            } else if let json = BodyFields.json(body) {
                observation.jsonContinuationToken = json[V2Key.continuationToken]?.stringValue
            }
            observation.clientRequestID =
                exchange.request.headers.last { $0.name.equalsIgnoringASCIICase("client-request-id") }?.value
            observation.responseContinuationToken = responseFields["continuation_token"]
            if let responseJSON { observation.answer = V2Answer(V2JSONNode(value: responseJSON)) }
            return observation
        }

        private static func decodedResponseBody(_ response: RecordedResponse) -> [UInt8] {
            guard let coding = response.contentEncoding, coding != "identity", !response.bodyTruncated,
                let decoded = ContentCoding(headerValue: coding)?.decode(response.body)
            else { return response.body }
            return decoded
        }

        /// The percent-decoded path of an absolute URL (what `URLComponents.path` gives, far cheaper).
        static func path(ofURL url: String) -> String {
            var url = url
            return url.withUTF8 { bytes in
                var start = 0
                // After "scheme://", the path starts at the first "/" (or is empty).
                if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
                    bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
                {
                    let authority = colon + 3
                    start = bytes[authority...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
                }
                let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
                let raw = bytes[start..<end]
                let path = String(decoding: raw, as: UTF8.self)
                return raw.contains(UInt8(ascii: "%")) ? (path.removingPercentEncoding ?? path) : path
            }
        }

        private static func isForm(_ headers: [RecordedHeader]) -> Bool {
            headers.contains {
                $0.name.equalsIgnoringASCIICase("content-type") && $0.value.containsIgnoringASCIICase("form-urlencoded")
            }
        }

        /// An error code fit for the console: lowercase letters, digits and `_` only.
        private static func code(_ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            let allowed = value.count <= 64 && value.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-"
            }
            return allowed ? value : "?"
        }
    }
}
