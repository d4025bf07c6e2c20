import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The bytes of `multipart/form-data` bodies (RFC 7578), as the transport receives them.
@Suite("Multipart encoding")
struct MultipartEncodingTests {
    private let recorder = UploadRecorder()

    /// Sends `parts` and returns the single upload the transport saw.
    private func send(
        _ parts: [MultipartFormBodyPart], headers: [String: String]? = nil
    ) async throws -> SentUpload {
        let provider = Provider<CoreTestTarget>(transport: recorder.transport)
        _ = try await provider.request(CoreTestTarget(method: .post, task: .uploadMultipart(parts), headers: headers))
        return try #require(recorder.sent.first)
    }

    @Test("a field and a file part, byte for byte, with CRLF line ends")
    func exactBytes() async throws {
        let upload = try await send([
            MultipartFormBodyPart(provider: .data(Data("Sunset".utf8)), name: "caption"),
            MultipartFormBodyPart(
                provider: .data(Data("PNGDATA".utf8)), name: "photo", fileName: "a.png", mimeType: "image/png"),
        ])
        let boundary = try #require(upload.boundary)
        let expected =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nSunset\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.png\"\r\n"
            + "Content-Type: image/png\r\n\r\nPNGDATA\r\n--\(boundary)--\r\n"
        #expect(upload.text == expected)
        #expect(upload.request.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=\(boundary)")
    }

    @Test("quotes and line breaks in names are percent-encoded; other characters stay raw UTF-8")
    func escaping() async throws {
        let upload = try await send([
            MultipartFormBodyPart(provider: .data(Data("1".utf8)), name: "a\"b\r\nc"),
            MultipartFormBodyPart(provider: .data(Data("%PDF".utf8)), name: "文件", fileName: "отчёт \"Q1\".pdf"),
        ])
        #expect(upload.text.contains("Content-Disposition: form-data; name=\"a%22b%0D%0Ac\"\r\n\r\n1\r\n"))
        let header = "Content-Disposition: form-data; name=\"文件\"; filename=\"отчёт %22Q1%22.pdf\"\r\n"
        #expect(upload.body.range(of: Data(header.utf8)) != nil, "raw UTF-8, not filename*= or %XX")
        #expect(upload.text.contains("Content-Type: application/pdf\r\n"))
    }

    @Test("a file part: its file's name, a type from its extension, its bytes; a plain field has no type")
    func fileParts() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let photo = try folder.file("holiday.JPG", Data([0xFF, 0xD8, 0xFF, 0x00, 0x0D, 0x0A]))
        let blob = try folder.file("data.xyz", Data("blob".utf8))
        let upload = try await send([
            MultipartFormBodyPart(provider: .file(photo), name: "photo"),
            MultipartFormBodyPart(provider: .file(blob), name: "blob", fileName: "renamed.bin"),
            MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "field"),
        ])
        let photoHeader =
            "Content-Disposition: form-data; name=\"photo\"; filename=\"holiday.JPG\"\r\nContent-Type: image/jpeg\r\n\r\n"
        let photoPart = Data(photoHeader.utf8) + Data([0xFF, 0xD8, 0xFF, 0x00, 0x0D, 0x0A]) + Data("\r\n--".utf8)
        #expect(upload.body.range(of: photoPart) != nil)
        #expect(
            upload.text.contains(
                "name=\"blob\"; filename=\"renamed.bin\"\r\nContent-Type: application/octet-stream\r\n\r\nblob\r\n"))
        #expect(upload.text.contains("name=\"field\"\r\n\r\nx\r\n"))
    }

    @Test("several files under one field name keep their order")
    func severalFilesOneName() async throws {
        let parts = (1...3).map { index in
            MultipartFormBodyPart(
                provider: .data(Data("photo \(index)".utf8)), name: "photos[]", fileName: "p\(index).jpg",
                mimeType: "image/jpeg")
        }
        let upload = try await send(parts)
        let boundary = try #require(upload.boundary)
        let sections = upload.text.components(separatedBy: "--\(boundary)")
        #expect(sections.count == 5, "an empty preamble, three parts and the closing --")
        for index in 1...3 {
            #expect(sections[index].contains("name=\"photos[]\"; filename=\"p\(index).jpg\""))
            #expect(sections[index].hasSuffix("\r\n\r\nphoto \(index)\r\n"))
        }
        #expect(sections[4] == "--\r\n")
    }

    @Test("content with CRLF, unicode and a line that looks like a boundary passes unchanged")
    func contentIsOpaque() async throws {
        let tricky = "line 1\r\nline 2\n\r\n--courier.boundary.00000000000000000000000000000000--\r\nend ✓ 日本"
        let upload = try await send([MultipartFormBodyPart(provider: .data(Data(tricky.utf8)), name: "text")])
        let boundary = try #require(upload.boundary)
        #expect(upload.text.contains("\r\n\r\n\(tricky)\r\n--\(boundary)--\r\n"))
        #expect(!tricky.contains(boundary))
    }

    @Test("every call gets a fresh random boundary of at most 70 token characters")
    func boundaries() async throws {
        let parts = [MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "x")]
        _ = try await send(parts)
        _ = try await send(parts)
        let boundaries = recorder.sent.compactMap(\.boundary)
        #expect(boundaries.count == 2)
        #expect(Set(boundaries).count == 2)
        for boundary in boundaries {
            #expect(boundary.count >= 40 && boundary.count <= 70)
            #expect(boundary.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") })
        }
    }

    @Test("a Content-Type the target set without a boundary gets one")
    func bareContentTypeGetsBoundary() async throws {
        let upload = try await send(
            [MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "x")],
            headers: ["Content-Type": "multipart/form-data"])
        let boundary = try #require(upload.boundary)
        #expect(upload.text.hasPrefix("--\(boundary)\r\n"))
    }

    @Test("a boundary the target chose that occurs in a data part fails before sending")
    func boundaryInContent() async throws {
        let provider = Provider<CoreTestTarget>(transport: recorder.transport)
        let parts = [MultipartFormBodyPart(provider: .data(Data("a --fixed b".utf8)), name: "note")]
        let target = CoreTestTarget(
            method: .post, task: .uploadMultipart(parts),
            headers: ["Content-Type": "multipart/form-data; boundary=fixed"])
        await #expect {
            _ = try await provider.request(target)
        } throws: { error in
            (error as? CourierError)?.uploadBodyError == .boundaryInContent(partName: "note")
        }
        #expect(recorder.sent.isEmpty)
    }

    @Test("a MIME type cannot inject header lines")
    func mimeTypeInjection() async throws {
        let upload = try await send([
            MultipartFormBodyPart(
                provider: .data(Data("x".utf8)), name: "f", fileName: "f.txt", mimeType: "text/plain\r\nX-Evil: 1")
        ])
        #expect(upload.text.contains("Content-Type: text/plainX-Evil: 1\r\n\r\nx"))
        #expect(!upload.text.contains("\r\nX-Evil"))
    }

    @Test(
        "multipart with GET or HEAD is a requestMapping error and nothing is sent", arguments: [HTTPMethod.get, .head])
    func getAndHeadRefused(method: HTTPMethod) async throws {
        let provider = Provider<CoreTestTarget>(transport: recorder.transport)
        let parts = [MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "x")]
        for task in [RequestTask.uploadMultipart(parts), .uploadCompositeMultipart(parts, urlParameters: ["a": 1])] {
            await #expect {
                _ = try await provider.request(CoreTestTarget(method: method, task: task))
            } throws: { error in
                guard case .requestMapping(let message) = error as? CourierError else { return false }
                return message.contains(method.rawValue)
            }
        }
        #expect(recorder.sent.isEmpty)
    }

    @Test("uploadCompositeMultipart: URL parameters in the query, parts in the body")
    func compositeMultipart() async throws {
        let provider = Provider<CoreTestTarget>(transport: recorder.transport)
        let parts = [MultipartFormBodyPart(provider: .data(Data("v".utf8)), name: "k")]
        let target = CoreTestTarget(
            method: .put, task: .uploadCompositeMultipart(parts, urlParameters: ["album": "trip", "n": 2]))
        _ = try await provider.request(target)
        let upload = try #require(recorder.sent.first)
        #expect(upload.request.url?.query == "album=trip&n=2")
        #expect(upload.request.httpMethod == "PUT")
        #expect(upload.text.contains("name=\"k\"\r\n\r\nv\r\n"))
    }
}
