import Foundation

/// Dates as HTTP writes them (RFC 9110 §5.6.7): the preferred IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two obsolete forms a recipient must still read,
/// RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
///
/// Parsed by hand rather than with a `DateFormatter`: the cache reads `Date`, `Expires` and
/// `Last-Modified` of every response it stores, and a formatter is locale-bound and not
/// documented as safe to share between threads.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date `text` names, or `nil` when it is none of the three forms.
    static func parse(_ text: String) -> Date? {
        var numbers: [Int] = []
        var month: Int?
        var monthBeforeNumbers = false
        var token = ""
        func flush() -> Bool {
            defer { token = "" }
            guard !token.isEmpty else { return true }
            if let value = Int(token) {
                numbers.append(value)
                return token.count <= 4
            }
            if month == nil, let index = months.firstIndex(of: String(token.lowercased().prefix(3))),
                token.count == 3
            {
                month = index + 1
                monthBeforeNumbers = numbers.isEmpty
            }
            return true
        }
        for character in text.utf8 {
            let isAlphanumeric =
                (character >= 0x30 && character <= 0x39) || (character | 0x20 >= 0x61 && character | 0x20 <= 0x7a)
            if isAlphanumeric {
                token.unicodeScalars.append(UnicodeScalar(character))
            } else if !flush() {
                return nil
            }
        }
        guard flush(), let month, numbers.count == 5 else { return nil }
        // IMF-fixdate and RFC 850: day, year, hour, minute, second; asctime: day, hour, minute,
        // second, year, with the month before the day.
        let (day, rawYear, hour, minute, second) =
            monthBeforeNumbers
            ? (numbers[0], numbers[4], numbers[1], numbers[2], numbers[3])
            : (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4])
        // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
        let year = rawYear >= 100 ? rawYear : (rawYear < 70 ? 2000 + rawYear : 1900 + rawYear)
        guard (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
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
