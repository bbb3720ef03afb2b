// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ListServer",
    products: [
        .executable(name: "ListServer", targets: ["ListServer"]),
        .library(name: "ListRender", targets: ["ListRender"]),
        .library(name: "Models", targets: ["Models"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .target(name: "Models"),
        .target(name: "ListRender", dependencies: ["Models"]),
        .executableTarget(name: "ListServer", dependencies: ["ListRender", "Models", "CSQLite"]),
        .executableTarget(name: "ListBench", dependencies: ["ListRender", "Models"]),
        .testTarget(name: "ModelsTests", dependencies: ["Models"]),
        .testTarget(name: "ListRenderTests", dependencies: ["ListRender", "Models"]),
        .testTarget(name: "ListServerTests", dependencies: ["ListServer", "ListRender", "Models"]),
    ],
    swiftLanguageModes: [.v6]
)
