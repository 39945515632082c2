// swift-tools-version:5.9
import PackageDescription

// Swoin is published as a CocoaPods pod; `peers.sh` builds its sources with this manifest.
let package = Package(
    name: "Swoin",
    products: [.library(name: "Swoin", targets: ["Swoin"])],
    targets: [.target(name: "Swoin", path: "Swoin", exclude: ["Info.plist", "Swoin.h"])],
    swiftLanguageVersions: [.v5]
)
