import Foundation
import Testing

/// `authtape fuzz prove` over V2's planted faults, run as a user would.
@Suite("authtape fuzz prove proves V2's planted faults")
struct FuzzProveV2Tests {
    /// The V1 areas of the planted faults: none may show in a V2 proof.
    static let v1Areas = ["sign-up", "sign-in", "reset", "MFA", "registration", "tokens"]

    @Test("fuzz prove --flows v2 reports every planted V2 fault caught, with the cases to its kill, and no V1 fault")
    func everyV2FaultIsCaught() throws {
        let run = try CLIRunner.run(["fuzz", "prove", "--flows", "v2", "--cases", "6000", "--seed", "1"])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let faults = lines.filter { $0.hasPrefix("V2 ") }
        #expect(faults.count >= 8, "\(run.stdout)")
        for line in faults {
            #expect(line.contains("v2.") && line.contains(" case ") && !line.contains("NOT CAUGHT"), "\(line)")
        }
        #expect(!lines.contains { line in Self.v1Areas.contains { line.hasPrefix($0 + " ") } }, "\(run.stdout)")
        #expect(lines.first == "authtape fuzz prove — seed 1, \(faults.count) planted faults")
        let summary = try #require(lines.first { $0.hasPrefix("faults caught: ") })
        #expect(summary.hasPrefix("faults caught: \(faults.count)/\(faults.count), slowest kill: "), "\(summary)")
    }

    @Test("a --fault of the other engine than --flows names is a usage error; a V2 --fault is known")
    func faultOfTheOtherEngine() throws {
        let other = try CLIRunner.run(["fuzz", "prove", "--flows", "v1", "--fault", "v2.retryAdded"])
        #expect(other.status == 64, "\(other.stderr)")
        #expect(other.stderr.contains("--flows v1"), "\(other.stderr)")
        let one = try CLIRunner.run(["fuzz", "prove", "--fault", "v2.retryAdded", "--cases", "6000"])
        #expect(one.status == 0, "\(one.stdout)\n\(one.stderr)")
        #expect(one.stdout.contains("faults caught: 1/1"), "\(one.stdout)")
    }
}
