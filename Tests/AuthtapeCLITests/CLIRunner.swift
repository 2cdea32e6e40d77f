import Foundation

/// Runs the built `authtape` executable, as a user would.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        // The test bundle sits beside the products of the same build.
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("authtape")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return bundle.appendingPathComponent("authtape")
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.currentDirectoryURL = repositoryRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error is read on another thread while standard output is read here, so a
        // process that fills one pipe while the other is being drained never blocks.
        let errors = ErrorReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.data()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Reads a pipe to its end on a thread of its own.
final class ErrorReader: @unchecked Sendable {
    private var bytes = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            bytes = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func data() -> Data {
        done.wait()
        return bytes
    }
}

/// A running `authtape` whose output is collected as it arrives: standard output and, unless
/// told otherwise, standard error, interleaved as they came. With `home`, `AUTHTAPE_HOME` is set
/// to it (so a CA is created in a temporary directory).
final class LiveProcess: @unchecked Sendable {
    let process = Process()
    /// The `AUTHTAPE_HOME` of the run, if one was given.
    let home: URL?
    private let lock = NSLock()
    private var text = ""

    init(_ arguments: [String], home: URL? = nil, collectingStandardError: Bool = true) throws {
        self.home = home
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = CLIRunner.repositoryRoot
        if let home {
            var environment = ProcessInfo.processInfo.environment
            environment["AUTHTAPE_HOME"] = home.path
            process.environment = environment
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData) }
        // Standard error is always drained, so the process never blocks on a full pipe.
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if collectingStandardError { self?.append(data) }
        }
        try process.run()
    }

    private func append(_ data: Data) {
        guard !data.isEmpty else { return }
        lock.withLock { text += String(decoding: data, as: UTF8.self) }
    }

    /// The output read so far.
    var output: String { lock.withLock { text } }

    /// Waits until the output matches `pattern`; returns the first capture group (or the whole match).
    func await(_ pattern: String, seconds: Double = 30) async throws -> String? {
        let regex = try NSRegularExpression(pattern: pattern)
        var end = Date().addingTimeInterval(seconds)
        var exited = false
        // The output is read again after every sleep, the last one included: on a loaded machine a sleep
        // can end well past the deadline, and what arrived meanwhile still counts.
        while true {
            let current = output
            if let match = regex.firstMatch(in: current, range: NSRange(current.startIndex..., in: current)) {
                let range = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
                return Range(range, in: current).map { String(current[$0]) }
            }
            if Date() >= end { return nil }
            // After the process ends, what it wrote last may still be on its way through the pipe.
            if !exited, !process.isRunning {
                exited = true
                end = min(end, Date().addingTimeInterval(1))
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Sends SIGINT and waits for the process to end.
    func interrupt() {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
    }
}
