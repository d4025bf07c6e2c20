import Foundation

/// A UTC timestamp such as `2025-05-01T09:30:12.345Z`, computed with integer arithmetic.
///
/// `DateFormatter` and `ISO8601FormatStyle` cost several microseconds a line, which a logger
/// whose lines are discarded would pay on every call; this costs a fraction of that.
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
        let hour = millisecondOfDay / 3_600_000
        let minute = millisecondOfDay / 60_000 % 60
        let second = millisecondOfDay / 1000 % 60
        let millisecond = millisecondOfDay % 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
            + ".\(pad(millisecond, 3))Z"
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

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
