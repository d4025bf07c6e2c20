import Courier
import CourierPlugins
import Foundation
import Testing

/// A file to upload that cannot be read is a request the app could not make, not a network failure.
@Suite("Status message of an unreadable upload file")
struct UploadFileMessageTests {
    @Test("an UploadBodyError is an invalid request, whose message does not blame the network")
    func unreadableFile() {
        let file = URL(fileURLWithPath: "/nowhere/photo.jpg")
        let error = CourierError.underlying(UploadBodyError.unreadableFile(file, reason: "no such file"), nil)
        #expect(StatusMessageKind(error) == .invalidRequest)
        #expect(StatusMessages().message(for: error)?.text == "The request could not be made.")
    }
}
