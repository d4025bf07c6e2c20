import Foundation
import Testing

@testable import CourierTransport

/// The one rule of a buffered body, which both transports and the decoding link follow.
@Suite("A buffered body: collected up to its limit")
struct BodyCollectorTests {
    @Test("a declared length past the limit is refused before any byte; one within it is accepted")
    func declaredLength() throws {
        var collector = BodyCollector(limit: 10)
        #expect(throws: TransportError.responseTooLarge(limit: 10)) { try collector.expect(length: 11) }
        try collector.expect(length: 10)
        try collector.expect(length: -1)
        #expect(collector.count == 0)
    }

    @Test("bytes are kept up to the limit; the byte that passes it fails the body and drops what was kept")
    func passingTheLimit() throws {
        var collector = BodyCollector(limit: 5)
        try collector.append(Data("abc".utf8))
        try Data("de".utf8).withUnsafeBytes { try collector.append($0) }
        #expect(collector.data == Data("abcde".utf8))
        #expect(throws: TransportError.responseTooLarge(limit: 5)) { try collector.append(Data("f".utf8)) }
        #expect(collector.data.isEmpty)
    }

    @Test("a collector that does not keep bytes counts them against the limit all the same")
    func countsOnly() throws {
        var collector = BodyCollector(limit: 4, keepsBytes: false)
        try collector.append(Data("abcd".utf8))
        #expect(collector.data.isEmpty)
        #expect(collector.count == 4)
        #expect(throws: TransportError.responseTooLarge(limit: 4)) { try collector.append(Data("e".utf8)) }
    }

    @Test("take hands the body over and leaves the collector empty; no limit takes anything")
    func take() throws {
        var collector = BodyCollector(limit: nil)
        try collector.append(Data(count: 1024))
        #expect(collector.take().count == 1024)
        #expect(collector.data.isEmpty)
        #expect(BodyCollector(whole: Data("whole".utf8)).count == 5)
    }
}
