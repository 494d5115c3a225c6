import Foundation

/// Millisecond times: what the store keeps, and what the model rounds every time to, so that an item
/// in memory equals the same item read back.
package enum StoreTime {
    static func millis(_ d: Date) -> Int64 { Int64((d.timeIntervalSince1970 * 1000).rounded()) }
    static func date(_ ms: Int64) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }
    package static func rounded(_ d: Date) -> Date { date(millis(d)) }
}
