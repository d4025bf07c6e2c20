import Foundation

/// A UTC timestamp such as `2025-05-01T09:30:12.345Z`, computed with integer arithmetic.
///
/// `DateFormatter` and `ISO8601FormatStyle` cost more than the rest of a log line
/// (docs/BENCHMARKS.md), which a logger whose lines are discarded would pay on every call; this
/// writes the 24 bytes directly.
enum LogTimestamp {
    /// The current time.
    static func now() -> String {
        format(Date())
    }

    /// `date` in UTC with milliseconds.
    static func format(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (days, millisecondOfDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        guard (0...9999).contains(year) else { return "\(year)-\(month)-\(day)" }
        let fields: [(value: Int64, digits: Int, separator: UInt8)] = [
            (year, 4, UInt8(ascii: "-")), (month, 2, UInt8(ascii: "-")), (day, 2, UInt8(ascii: "T")),
            (millisecondOfDay / 3_600_000, 2, UInt8(ascii: ":")),
            (millisecondOfDay / 60_000 % 60, 2, UInt8(ascii: ":")),
            (millisecondOfDay / 1000 % 60, 2, UInt8(ascii: ".")), (millisecondOfDay % 1000, 3, UInt8(ascii: "Z")),
        ]
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var position = 0
            for field in fields {
                var value = field.value
                for offset in stride(from: field.digits - 1, through: 0, by: -1) {
                    buffer[position + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                buffer[position + field.digits] = field.separator
                position += field.digits + 1
            }
            return position
        }
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    /// Howard Hinnant's `civil_from_days`: the proleptic Gregorian date of a day count.
    private static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = daysSinceEpoch + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

}
