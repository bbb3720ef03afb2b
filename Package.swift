// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ListServer",
    products: [
        .executable(name: "ListServer", targets: ["ListServer"]),
        .library(name: "ListRender", targets: ["ListRender"]),
        .library(name: "Models", targets: ["Models"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "ListStore", targets: ["ListStore"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(
            name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "Bytes"),
        .target(name: "Models", dependencies: ["Bytes", "CZlib"]),
        .target(name: "ListRender", dependencies: ["Bytes", "Models"]),
        .target(name: "SystemSupport"),
        .target(name: "HTTPServer", dependencies: ["Bytes", "CZlib", "SystemSupport"]),
        .target(name: "ListStore", dependencies: ["Models", "CSQLite", "CLibPQ"]),
        .executableTarget(
            name: "ListServer",
            dependencies: ["Bytes", "HTTPServer", "ListStore", "ListRender", "Models", "SystemSupport"],
            resources: [.embedInCode("Resources/Samples"), .embedInCode("Resources/OpenAPI")]),
        .executableTarget(
            name: "ListBench", dependencies: ["ListRender", "ListStore", "Models", "SeededRandom", "SystemSupport"]),
        .testTarget(name: "BytesTests", dependencies: ["Bytes", "SeededRandom"]),
        .testTarget(name: "ModelsTests", dependencies: ["Models", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ListRenderTests", dependencies: ["ListRender", "Models", "TestSupport"]),
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .target(
            name: "TestSupport", dependencies: ["HTTPServer", "Models", "CZlib", "SeededRandom", "SystemSupport"],
            path: "Tests/TestSupport"),
        .testTarget(name: "SystemSupportTests", dependencies: ["SystemSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "SystemSupport", "TestSupport"]),
        .testTarget(name: "ListStoreTests", dependencies: ["ListStore", "Models", "TestSupport"]),
        .testTarget(
            name: "ListServerTests",
            dependencies: [
                "ListServer", "HTTPServer", "ListStore", "ListRender", "Models", "SystemSupport", "TestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
