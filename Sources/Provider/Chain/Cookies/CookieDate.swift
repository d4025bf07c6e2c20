import Foundation

/// The cookie-date of RFC 6265 §5.1.1 (RFC 6265bis §5.4.1): the lenient parse user agents apply to
/// `Expires`, which reads `Wed, 09 Jun 2021 10:18:14 GMT`, `Wednesday, 09-Jun-21 10:18:14 GMT` and
/// `Wed Jun  9 10:18:14 2021` alike. The date is always UTC; a time zone written is ignored, as the
/// algorithm says.
enum CookieDate {
    /// The instant `text` names, or `nil` when it is no cookie-date (a part missing or out of
    /// range, a year before 1601, a day the month does not have).
    static func parse(_ text: some StringProtocol) -> Date? {
        var found = Parts()
        for token in tokens(Array(text.utf8)) { found.read(token) }
        guard var year = found.year, let month = found.month, let day = found.day, let time = found.time else {
            return nil
        }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard year >= 1601, (1...daysIn(month: month, year: year)).contains(day), time.hour <= 23, time.minute <= 59,
            time.second <= 59
        else { return nil }
        return utc.date(
            from: DateComponents(
                year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second))
    }

    /// The proleptic Gregorian calendar in UTC, the calendar of every cookie-date.
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// The date's parts found so far, each taken from the first token that has its shape.
    private struct Parts {
        var time: (hour: Int, minute: Int, second: Int)?
        var day: Int?
        var month: Int?
        var year: Int?

        /// Reads `token` as the first part still missing that it has the shape of, in the
        /// algorithm's order: time, day of month, month, year.
        mutating func read(_ token: ArraySlice<UInt8>) {
            if time == nil, let value = CookieDate.time(token) {
                time = value
            } else if day == nil, let value = CookieDate.number(token, digits: 1...2) {
                day = value
            } else if month == nil, let value = CookieDate.month(token) {
                month = value
            } else if year == nil, let value = CookieDate.number(token, digits: 2...4) {
                year = value
            }
        }
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The runs of non-delimiters in `bytes` (delimiters: tab, space to `/`, `;` to `@`, `[` to
    /// `` ` ``, `{` to `~`).
    private static func tokens(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(whereSeparator: isDelimiter)
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The number at the start of `token`, of `digits` digits, when what follows (if anything)
    /// begins with a non-digit; returns the index after it through `end`.
    private static func leadingNumber(
        _ token: ArraySlice<UInt8>, from start: Int, digits: ClosedRange<Int>
    ) -> (value: Int, end: Int)? {
        var index = start
        var value = 0
        while index < token.endIndex, isDigit(token[index]), index - start < digits.upperBound {
            value = value * 10 + Int(token[index] - UInt8(ascii: "0"))
            index += 1
        }
        guard digits.contains(index - start) else { return nil }
        return (value, index)
    }

    /// `1*2DIGIT` … `2*4DIGIT` followed by nothing or a non-digit.
    private static func number(_ token: ArraySlice<UInt8>, digits: ClosedRange<Int>) -> Int? {
        guard let (value, end) = leadingNumber(token, from: token.startIndex, digits: digits),
            end == token.endIndex || !isDigit(token[end])
        else { return nil }
        return value
    }

    /// `hms-time`: three `1*2DIGIT` joined by `:`, followed by nothing or a non-digit.
    private static func time(_ token: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        var fields: [Int] = []
        var index = token.startIndex
        for position in 0..<3 {
            guard let (value, end) = leadingNumber(token, from: index, digits: 1...2) else { return nil }
            fields.append(value)
            index = end
            if position < 2 {
                guard index < token.endIndex, token[index] == UInt8(ascii: ":") else { return nil }
                index += 1
            }
        }
        guard index == token.endIndex || !isDigit(token[index]) else { return nil }
        return (fields[0], fields[1], fields[2])
    }

    /// The month (1…12) a token's first three letters name, in any case.
    private static func month(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = String(decoding: token.prefix(3), as: UTF8.self).lowercased()
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

}
