import Foundation

/// A small, fast generator with a seed, so a randomized test that fails can be replayed: its seed
/// is printed in every failure, and SHOPPER_TEST_SEED runs that seed again.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// The seed from SHOPPER_TEST_SEED, else a new one from the clock; printed with the test's name,
    /// so a run that failed (or hung, or crashed before any assertion spoke) can be replayed.
    static func fromEnvironment(_ caller: String = #function, file: String = #fileID) -> SeededRandom {
        let given = ProcessInfo.processInfo.environment["SHOPPER_TEST_SEED"].flatMap { UInt64($0) }
        let seed = given ?? UInt64(Date().timeIntervalSince1970 * 1_000_000) & 0xFFFF_FFFF_FFFF
        print("\(file) \(caller): seed \(seed) (SHOPPER_TEST_SEED=\(seed) replays it)")
        return SeededRandom(seed: seed)
    }

    // SplitMix64.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
