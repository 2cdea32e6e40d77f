import Foundation
import HAR

/// Builds ``FuzzSection``s from an `authtape fuzz --out` folder: `report.json` (and
/// `transport-report.json` when the transport phase ran, `v2-report.json` when V2 flows ran; a V2
/// finding on an uncertain row says so in its note) with the repro capture of each finding.
public enum FuzzInspection {
    /// A fuzz report that cannot be read.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The report files of a campaign folder, with the phase each holds.
    static let reports = [("report.json", "cases"), ("transport-report.json", "transport faults"), ("v2-report.json", "V2 flows")]

    /// Whether `path` is a folder holding a campaign's `report.json`.
    public static func isCampaignFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            && FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("report.json"))
    }

    /// The sections of the campaign folder at `folder`; its repro captures are read and replayed.
    public static func sections(folder: String, seed: UInt64 = 1) async throws(ReadError) -> [FuzzSection] {
        var sections: [FuzzSection] = []
        for (file, phase) in reports {
            let path = (folder as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path) else {
                if file == "report.json" { throw ReadError(description: "\(path): cannot read the file") }
                continue
            }
            let root: JSONValue
            do {
                root = try JSONParser.parse([UInt8](data))
            } catch {
                throw ReadError(description: "\(path): \(error)")
            }
            var section = try Self.section(root, name: folder, phase: phase, file: path)
            for index in section.findings.indices {
                guard let repro = section.findings[index].reproPath else { continue }
                let found = reproFile(repro, folder: folder)
                section.findings[index].reproPath = found
                if FileManager.default.fileExists(atPath: found) {
                    section.findings[index].repro = await CaptureInspection.section(path: found, seed: seed)
                }
            }
            sections.append(section)
        }
        return sections
    }

    /// The repro capture's path under the folder as given: `report.json` holds the path the campaign
    /// wrote, which may be absolute or relative to another working directory.
    static func reproFile(_ recorded: String, folder: String) -> String {
        let name = (recorded as NSString).lastPathComponent
        let local = ((folder as NSString).appendingPathComponent("findings") as NSString).appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: local) || !FileManager.default.fileExists(atPath: recorded) ? local : recorded
    }

    /// A section from the JSON of `FuzzReport.json()`.
    static func section(_ root: JSONValue, name: String, phase: String, file: String) throws(ReadError) -> FuzzSection {
        guard root.objectValue != nil, let seed = root["seed"]?.stringValue else {
            throw ReadError(description: "\(file): not an authtape fuzz report (no seed)")
        }
        let verdicts = (root["verdicts"]?.objectValue ?? JSONObject()).map { (kind: $0.key, count: int($0.value)) }
        let findings = (root["findings"]?.arrayValue ?? []).map { item -> FindingView in
            let example = item["case"]
            return FindingView(
                kind: text(item["kind"]), step: text(item["step"]), operatorName: text(item["operator"]),
                expected: text(item["expected"]), actual: text(item["actual"]), count: int(item["count"]),
                note: text(item["note"]), caseID: text(example?["id"]), flow: text(example?["flow"]),
                action: int(example?["action"]), operators: (example?["operators"]?.arrayValue ?? []).map { text($0) },
                details: (example?["details"]?.arrayValue ?? []).map { text($0) },
                minimised: example?["minimised"]?.boolValue ?? false, reproPath: item["repro"]?.stringValue, repro: nil)
        }
        let baseline = (root["baselineProblems"]?.arrayValue ?? []).map { item in
            "\(text(item["flow"]))#\(int(item["action"])): \(text(item["kind"])), expected \(text(item["expected"])), actual \(text(item["actual"]))"
        }
        let rows = root["rows"].map { (hit: int($0["hit"]), of: int($0["of"])) }
        return FuzzSection(
            name: name, phase: phase, seed: seed, cases: int(root["cases"]),
            elapsedSeconds: double(root["elapsedSeconds"]), casesPerSecond: double(root["casesPerSecond"]),
            verdicts: verdicts, findings: findings, baselineProblems: baseline, rows: rows)
    }

    private static func text(_ value: JSONValue?) -> String { value?.stringValue ?? "" }
    private static func int(_ value: JSONValue?) -> Int { value?.intValue ?? 0 }
    private static func double(_ value: JSONValue?) -> Double {
        guard let number = value?.doubleValue, number.isFinite else { return 0 }
        return number
    }
}
