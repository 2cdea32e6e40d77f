import Foundation
import HAR

/// Headless Chromium for the browser tests: Debian's `chromium` (tools/setup installs it), or
/// another Chromium or Chrome on PATH. Each run gets its own profile folder and no background services.
struct Chromium {
    let executable: String

    /// The browser on PATH, or nil.
    static let installed: Chromium? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in path.split(separator: ":") {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return Chromium(executable: candidate) }
            }
        }
        return nil
    }()

    static let missing = "headless Chromium is not installed (tools/setup installs Debian's chromium); the browser tests skip"

    /// What one run printed.
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the browser on `page` with `arguments` besides the headless and isolation flags.
    func run(_ page: URL, fragment: String? = nil, _ arguments: [String]) throws -> Run {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("inspector-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        // coreutils' timeout (where there is one) ends a browser that hangs, so a test fails instead of waiting.
        let timeout = "/usr/bin/timeout"
        let limited = FileManager.default.isExecutableFile(atPath: timeout)
        process.executableURL = URL(fileURLWithPath: limited ? timeout : executable)
        var target = page.absoluteString
        if let fragment { target += "#" + fragment }
        process.arguments = (limited ? ["120", executable] : []) + [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--user-data-dir=\(profile.path)", "--no-first-run", "--no-default-browser-check",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
            "--disable-extensions", "--enable-logging=stderr", "--v=0",
        ] + arguments + [target]
        let outputFile = profile.appendingPathExtension("out")
        let errorFile = profile.appendingPathExtension("err")
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        try output.close()
        try errors.close()
        return Run(status: process.terminationStatus,
                   output: String(decoding: FileManager.default.contents(atPath: outputFile.path) ?? Data(), as: UTF8.self),
                   errors: String(decoding: FileManager.default.contents(atPath: errorFile.path) ?? Data(), as: UTF8.self))
    }

    /// The DOM after the page's scripts ran.
    func dumpDOM(_ page: URL, fragment: String? = nil, width: Int = 1920, height: Int = 1080) throws -> Run {
        try run(page, fragment: fragment, ["--window-size=\(width),\(height)", "--dump-dom"])
    }

    /// A screenshot of the page's first screen at `width`×`height` CSS pixels.
    func screenshot(_ page: URL, fragment: String? = nil, to file: URL, width: Int, height: Int) throws -> Run {
        try run(page, fragment: fragment, ["--window-size=\(width),\(height)", "--screenshot=\(file.path)"])
    }

    /// The URLs the page itself asked the network for, from Chromium's net log: requests whose
    /// network isolation key is the page's `file://` origin (the browser's own service requests
    /// carry another key), plus the console's Content-Security-Policy complaints.
    func networkRequests(_ page: URL) throws -> (urls: [String], cspMessages: [String]) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("inspector-netlog-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: log) }
        let run = try run(page, ["--log-net-log=\(log.path)", "--dump-dom"])
        var urls: [String] = []
        if let data = FileManager.default.contents(atPath: log.path), let root = try? JSONParser.parse([UInt8](data)) {
            for event in root["events"]?.arrayValue ?? [] {
                guard let params = event["params"], let url = params["url"]?.stringValue else { continue }
                let key = params["network_isolation_key"]?.stringValue ?? ""
                let initiator = params["initiator"]?.stringValue ?? ""
                if key.contains("file://") || initiator == "null" || initiator.hasPrefix("file:") {
                    if !urls.contains(url) { urls.append(url) }
                }
            }
        }
        let csp = run.errors.split(separator: "\n").map(String.init).filter { $0.contains("Content Security Policy") }
        return (urls, csp)
    }
}
