import Foundation

/// Dates as HTTP writes them (RFC 9110 §5.6.7): the preferred IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two obsolete forms a recipient must still read,
/// RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
///
/// Each form is read exactly as its grammar writes it: one space where it has one, two digits for
/// the day, the hour, the minute and the second (asctime's day may be a space and one digit), four
/// for the year (two in RFC 850's), colons in the time, and the zone `GMT`. Anything else is no
/// date: another zone (`UTC`, `AEST`), a two-digit year in an IMF-fixdate, a missing comma, dashes
/// in an IMF-fixdate, dots in the time, a one-digit hour, two spaces, a day the month does not
/// have. RFC 9111 §5.3 makes an `Expires` that is no date a time in the past, so a lenient reading
/// would keep answers the server meant to expire. Letters alone are read in any case (`THU`,
/// `AUG`, `gmt`): the names are unambiguous in any case, and RFC 9110 asks recipients to be robust
/// where that costs nothing.
///
/// Parsed by hand rather than with a `DateFormatter`: the cache reads `Date`, `Expires` and
/// `Last-Modified` of every response it stores, and a formatter is locale-bound, lenient, and not
/// documented as safe to share between threads.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let longDays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The date `text` names, or `nil` when it is none of the three forms. `now` places RFC 850's
    /// two-digit year: the year with those last digits that is not more than 50 years ahead of it.
    static func parse(_ text: String, now: Date = Date()) -> Date? {
        var reader = Reader(text)
        let parts: Parts?
        if reader.longWord(in: longDays) != nil {
            parts = rfc850(&reader, now: now)
        } else if reader.word(of: 3, in: days) != nil {
            parts = reader.skip(",") ? imfFixdate(&reader) : asctime(&reader)
        } else {
            parts = nil
        }
        guard let parts, reader.isAtEnd else { return nil }
        return parts.date
    }

    /// `, 06 Nov 1994 08:49:37 GMT` after the day name and its comma.
    private static func imfFixdate(_ reader: inout Reader) -> Parts? {
        guard reader.skip(" "), let day = reader.number(of: 2), reader.skip(" "),
            let month = reader.word(of: 3, in: months), reader.skip(" "), let year = reader.number(of: 4),
            reader.skip(" "), let time = reader.time(), reader.skip(" "), reader.gmt()
        else { return nil }
        return Parts(year: year, month: month + 1, day: day, time: time)
    }

    /// `, 06-Nov-94 08:49:37 GMT` after the long day name.
    private static func rfc850(_ reader: inout Reader, now: Date) -> Parts? {
        guard reader.skip(","), reader.skip(" "), let day = reader.number(of: 2), reader.skip("-"),
            let month = reader.word(of: 3, in: months), reader.skip("-"), let shortYear = reader.number(of: 2),
            reader.skip(" "), let time = reader.time(), reader.skip(" "), reader.gmt()
        else { return nil }
        return Parts(year: fullYear(shortYear, now: now), month: month + 1, day: day, time: time)
    }

    /// ` Nov  6 08:49:37 1994` after the day name.
    private static func asctime(_ reader: inout Reader) -> Parts? {
        guard reader.skip(" "), let month = reader.word(of: 3, in: months), reader.skip(" ") else { return nil }
        let day: Int?
        if reader.skip(" ") {
            day = reader.number(of: 1)
        } else {
            day = reader.number(of: 2)
        }
        guard let day, reader.skip(" "), let time = reader.time(), reader.skip(" "), let year = reader.number(of: 4)
        else { return nil }
        return Parts(year: year, month: month + 1, day: day, time: time)
    }

    /// RFC 9110 §5.6.7: a two-digit year that would be more than 50 years in the future is the
    /// most recent past year with those digits.
    private static func fullYear(_ shortYear: Int, now: Date) -> Int {
        let current = civil(fromDays: Int((now.timeIntervalSince1970 / 86_400).rounded(.down))).year
        var year = current - current % 100 + shortYear
        if year > current + 50 { year -= 100 }
        if year <= current - 50 { year += 100 }
        return year
    }

    /// A date's fields, checked against the calendar when made into a `Date`.
    private struct Parts {
        let year: Int
        let month: Int
        let day: Int
        let time: (hour: Int, minute: Int, second: Int)

        var date: Date? {
            let monthLengths = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            // `second` may be 60: a leap second, which the grammar allows.
            guard (1...monthLengths[month - 1]).contains(day), time.hour <= 23, time.minute <= 59, time.second <= 60
            else { return nil }
            let days = HTTPDate.daysSinceEpoch(year: year, month: month, day: day)
            let seconds = days * 86_400 + time.hour * 3_600 + time.minute * 60 + time.second
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }

        private var isLeapYear: Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
    }

    /// Reads a date's text left to right, one grammar element at a time.
    private struct Reader {
        private let bytes: [UInt8]
        private var index = 0

        /// A reader of `text` without the spaces and tabs at its ends (a field value's whitespace).
        init(_ text: String) {
            let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            var bytes = Array(text.utf8)
            while let last = bytes.last, isBlank(last) { bytes.removeLast() }
            self.bytes = Array(bytes.drop(while: isBlank))
        }

        var isAtEnd: Bool { index == bytes.count }

        /// Skips `character` when it is next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits, as a number.
        mutating func number(of count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// `08:49:37`.
        mutating func time() -> (hour: Int, minute: Int, second: Int)? {
            guard let hour = number(of: 2), skip(":"), let minute = number(of: 2), skip(":"),
                let second = number(of: 2)
            else { return nil }
            return (hour, minute, second)
        }

        /// The `count` letters next, when they spell one of `names` (lowercase) in any case: its index.
        mutating func word(of count: Int, in names: [String]) -> Int? {
            guard index + count <= bytes.count else { return nil }
            let letters = String(decoding: bytes[index..<index + count].map { $0 | 0x20 }, as: UTF8.self)
            guard bytes[index..<index + count].allSatisfy(Self.isLetter), let found = names.firstIndex(of: letters)
            else { return nil }
            index += count
            return found
        }

        /// The letters next, when they spell one of `names` (lowercase) in any case, and no more.
        mutating func longWord(in names: [String]) -> Int? {
            var end = index
            while end < bytes.count, Self.isLetter(bytes[end]) { end += 1 }
            return word(of: end - index, in: names)
        }

        /// `GMT`, in any case.
        mutating func gmt() -> Bool {
            word(of: 3, in: ["gmt"]) != nil
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
    }

    /// `date` as an IMF-fixdate.
    static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let monthName = months[month - 1].capitalized
        return "\(weekday), \(two(day)) \(monthName) \(year) \(two(secondOfDay / 3600)):"
            + "\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60)) GMT"
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar date `days` after 1970-01-01.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
