// swift-tools-version: 6.2
import Foundation
import PackageDescription

// The module graph of authtape, kept as data so that a subset can be built.
//
// Set AUTHTAPE_TARGETS to a comma-separated list of module names (for example
// `AUTHTAPE_TARGETS=HAR,Redaction swift test --scratch-path .build-light`) to build and
// test only those modules and what they depend on. On a 2-core machine that keeps the
// edit-build-test loop of a light module under a minute. Unset, everything is built.

struct Module {
    var name: String
    /// Internal modules this one imports.
    var uses: [String] = []
    /// External products: (product, package).
    var products: [(String, String)] = []
    /// Extra internal modules and external products its test target needs.
    var testUses: [String] = []
    var testProducts: [(String, String)] = []
    var isExecutable = false
    var testTarget: String
    /// Folders of the test target that hold data files read by path (golden files).
    var testExclude: [String] = []
}

let modules: [Module] = [
    Module(name: "HAR", uses: ["NativeAuthWire"], testTarget: "HARTests"),
    Module(name: "NativeAuthWire", testTarget: "NativeAuthWireTests"),
    Module(
        name: "Redaction", uses: ["HAR", "NativeAuthWire"], products: [("Yams", "Yams")],
        testTarget: "RedactionTests", testExclude: ["Golden"]),
    Module(name: "NativeAuth", uses: ["NativeAuthWire"], testUses: ["NativeAuthWire"], testTarget: "NativeAuthTests"),
    Module(
        name: "Emulator", uses: ["NativeAuthWire"],
        products: [
            ("Hummingbird", "hummingbird"), ("HummingbirdCore", "hummingbird"), ("HummingbirdTLS", "hummingbird"),
            ("HTTPTypes", "swift-http-types"), ("ServiceLifecycle", "swift-service-lifecycle"),
            ("Crypto", "swift-crypto"), ("Yams", "Yams"), ("Logging", "swift-log"),
        ],
        testUses: ["NativeAuth", "NativeAuthWire"],
        testProducts: [("AsyncHTTPClient", "async-http-client")],
        testTarget: "EmulatorTests"),
    Module(name: "Oracle", testTarget: "OracleTests"),
    Module(
        name: "Recorder", uses: ["HAR", "Redaction", "NativeAuthWire"],
        products: [
            ("NIOCore", "swift-nio"), ("NIOPosix", "swift-nio"), ("NIOHTTP1", "swift-nio"), ("NIOTLS", "swift-nio"),
            ("NIOConcurrencyHelpers", "swift-nio"), ("NIOSSL", "swift-nio-ssl"), ("X509", "swift-certificates"),
            ("Crypto", "swift-crypto"),
        ],
        testUses: ["Emulator", "NativeAuth"],
        testProducts: [("AsyncHTTPClient", "async-http-client")],
        testTarget: "RecorderTests"),
    Module(name: "Driver", uses: ["HAR", "NativeAuth", "NativeAuthWire"], testUses: ["NativeAuthWire"], testTarget: "DriverTests"),
    Module(
        name: "Replay", uses: ["HAR", "NativeAuth", "NativeAuthWire", "Oracle", "Driver"],
        testUses: ["Redaction", "Driver"],
        testTarget: "ReplayTests"),
    Module(
        name: "Mock", uses: ["HAR", "NativeAuthWire", "Replay"],
        products: [
            ("Hummingbird", "hummingbird"), ("HummingbirdCore", "hummingbird"), ("HummingbirdTLS", "hummingbird"),
            ("HTTPTypes", "swift-http-types"), ("ServiceLifecycle", "swift-service-lifecycle"), ("NIOCore", "swift-nio"),
            ("Logging", "swift-log"),
        ],
        testUses: ["HAR", "NativeAuthWire", "Replay", "NativeAuth", "Emulator", "Recorder", "Redaction"],
        testProducts: [("AsyncHTTPClient", "async-http-client"), ("Logging", "swift-log")],
        testTarget: "MockTests"),
    Module(
        name: "Inspector", uses: ["HAR", "NativeAuthWire", "Redaction", "Replay"], products: [("Crypto", "swift-crypto")],
        testUses: ["Fuzz", "HAR", "Replay"], testTarget: "InspectorTests", testExclude: ["Golden"]),
    Module(
        name: "Scenarios",
        uses: ["NativeAuth", "NativeAuthWire", "Emulator", "Recorder", "HAR", "Redaction", "Replay", "Driver", "Inspector"],
        products: [("Logging", "swift-log")],
        testUses: ["NativeAuthWire", "Redaction"],
        testTarget: "ScenariosTests"),
    Module(
        name: "AuthTapeTesting", uses: ["Replay", "NativeAuth"], testTarget: "AuthTapeTestingTests"),
    // AuthTapeTesting's emulator helpers: the one library a user's tests import to run an emulator (Hummingbird).
    Module(
        name: "AuthTapeEmulatorTesting", uses: ["AuthTapeTesting", "Driver", "Emulator", "NativeAuth"],
        products: [("Logging", "swift-log")], testTarget: "AuthTapeEmulatorTestingTests"),
    // The campaign core, operators, verdicts, the fault proof and the libFuzzer inputs: no sockets.
    Module(
        name: "Fuzz", uses: ["Replay", "Driver", "Oracle", "HAR", "NativeAuth", "NativeAuthWire", "Redaction"],
        testUses: ["Emulator"],
        testTarget: "FuzzTests", testExclude: ["Golden"]),
    // The loopback servers (`fuzz serve`, the fault server) and the transport-fault phase that drives them.
    Module(
        name: "FuzzServers", uses: ["Fuzz", "Driver", "Replay", "Oracle", "HAR", "NativeAuth", "NativeAuthWire"],
        products: [
            ("NIOCore", "swift-nio"), ("NIOPosix", "swift-nio"), ("NIOHTTP1", "swift-nio"), ("NIOSSL", "swift-nio-ssl"),
            ("AsyncHTTPClient", "async-http-client"),
        ],
        testUses: ["Emulator"],
        testTarget: "FuzzServersTests"),
    Module(
        name: "authtape",
        uses: [
            "HAR", "Redaction", "NativeAuthWire", "NativeAuth", "Emulator", "Oracle", "Recorder", "Driver", "Replay", "Mock", "Fuzz",
            "FuzzServers", "Scenarios", "Inspector",
        ],
        products: [("ArgumentParser", "swift-argument-parser"), ("Logging", "swift-log"), ("NIOSSL", "swift-nio-ssl")],
        testProducts: [("AsyncHTTPClient", "async-http-client"), ("NIOSSL", "swift-nio-ssl")],
        isExecutable: true, testTarget: "AuthtapeCLITests", testExclude: ["Golden"]),
]

let packageURLs: [String: Package.Dependency] = [
    "swift-nio": .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    "swift-nio-ssl": .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    "swift-certificates": .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
    "swift-crypto": .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
    "async-http-client": .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    "hummingbird": .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    "swift-argument-parser": .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    "swift-log": .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    "swift-http-types": .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    "swift-service-lifecycle": .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    "Yams": .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
]

let byName = Dictionary(uniqueKeysWithValues: modules.map { ($0.name, $0) })
let requested = ProcessInfo.processInfo.environment["AUTHTAPE_TARGETS"].map {
    Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
}

func closure(of roots: [String]) -> Set<String> {
    var result = Set<String>()
    var pending = roots
    while let name = pending.popLast() {
        guard let module = byName[name], result.insert(name).inserted else { continue }
        pending += module.uses + module.testUses
    }
    return result
}
let selected = closure(of: modules.map(\.name).filter { requested?.contains($0) ?? true })

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6), .treatAllWarnings(as: .error)]

var targets: [Target] = []
var packagesUsed = Set<String>()
if selected.contains("Redaction") {
    targets.append(
        .systemLibrary(
            name: "CPCRE2", pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]))
    targets.append(.systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]))
}
for module in modules where selected.contains(module.name) {
    var deps: [Target.Dependency] = module.uses.map { .target(name: $0) }
    if module.name == "Redaction" { deps += [.target(name: "CPCRE2"), .target(name: "CZlib")] }
    deps += module.products.map { .product(name: $0.0, package: $0.1) }
    packagesUsed.formUnion(module.products.map(\.1))
    packagesUsed.formUnion(module.testProducts.map(\.1))
    if module.isExecutable {
        targets.append(.executableTarget(name: module.name, dependencies: deps, swiftSettings: strict))
    } else {
        targets.append(.target(name: module.name, dependencies: deps, swiftSettings: strict))
    }
    // The CLI's tests run the built executable; they import the libraries it uses.
    let testDeps: [Target.Dependency] =
        (module.isExecutable ? module.uses : [module.name] + module.testUses).map { .target(name: $0) }
        + module.testProducts.map { .product(name: $0.0, package: $0.1) }
    targets.append(
        .testTarget(
            name: module.testTarget, dependencies: testDeps, exclude: module.testExclude, swiftSettings: strict))
}

// The libFuzzer targets have no `main` of their own (libFuzzer provides it), so they are declared
// only for `tools/libfuzzer` and `.clusterfuzzlite/build.sh`, which build them with `--sanitize=fuzzer`.
// Each links only what it fuzzes: (target, modules it imports).
let fuzzTargets: [(name: String, uses: [String])] = [
    ("AuthTapeFuzzer", ["Fuzz"]), ("FuzzClassifyTarget", ["NativeAuth"]), ("FuzzHARTarget", ["HAR"]),
    ("FuzzRedactTarget", ["Redaction", "HAR"]), ("FuzzOracleTarget", ["Oracle"]),
]
if ProcessInfo.processInfo.environment["AUTHTAPE_LIBFUZZER"] == "1" {
    for fuzzer in fuzzTargets where fuzzer.uses.allSatisfy(selected.contains) {
        targets.append(
            .executableTarget(name: fuzzer.name, dependencies: fuzzer.uses.map { .target(name: $0) }, swiftSettings: strict))
    }
}

// The modules a user's own package can name as products.
let libraryProducts = ["NativeAuth", "HAR", "Redaction", "Oracle", "Driver", "Replay", "Emulator", "AuthTapeTesting", "AuthTapeEmulatorTesting"]

let package = Package(
    name: "AuthTape",
    platforms: [.macOS(.v15)],
    products: (selected.contains("authtape") ? [.executable(name: "authtape", targets: ["authtape"])] : [])
        + libraryProducts.filter(selected.contains).map { .library(name: $0, targets: [$0]) }
        + fuzzTargets.filter { fuzzer in targets.contains { $0.name == fuzzer.name } }.map {
            .executable(name: $0.name, targets: [$0.name])
        },
    dependencies: packagesUsed.sorted().compactMap { packageURLs[$0] },
    targets: targets
)
