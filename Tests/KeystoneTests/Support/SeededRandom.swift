#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small, fast, seedable generator (SplitMix64), so that a reliability test's choices can
/// be replayed from the seed it prints. Not for cryptography.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }
}

/// A seed from the environment variable `name` (decimal or 0x-hex), or `fallback`.
func environmentSeed(_ name: String, default fallback: UInt64) -> UInt64 {
    guard let text = environmentValue(name) else { return fallback }
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) ?? fallback }
    return UInt64(text) ?? fallback
}

/// A count from the environment variable `name`, or `fallback`.
func environmentCount(_ name: String, default fallback: Int) -> Int {
    environmentValue(name).flatMap { Int($0) } ?? fallback
}

private func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
