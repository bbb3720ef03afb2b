// Fuzz — a small deterministic generator the targets seed from their input

/// A small deterministic generator (SplitMix64), seeded from the input, so that a crash reproduces from
/// its input alone.
struct SplitMix {
    var state: UInt64

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
