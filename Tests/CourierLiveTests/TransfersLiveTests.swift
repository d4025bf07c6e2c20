import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Uploads, downloads and progress over real sockets, through the live suite's transport
/// (URLSessionTransport unless `COURIER_TEST_TRANSPORT=native`).
///
/// httpbin's `/anything` parses multipart bodies with Werkzeug and echoes the fields and files
/// it found, so a server's own parser checks Courier's encoding. The scenario server serves
/// deterministic and broken downloads. The suite is serialized so that its memory measurement
/// is not disturbed by its own other transfers.
@Suite("Transfers (httpbin, scenario server)", .serialized, .liveServers(.httpbin, .scenario))
struct TransfersLiveTests {
    // MARK: Multipart through httpbin's parser

    @Test("fields with CRLF, unicode and a boundary-like line, file parts from data and disk, odd names")
    func multipartThroughHttpbin() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let notes = "first line\r\nsecond line\r\n\r\n✓ done"
        let report = try folder.file("отчёт.txt", Data("квартал 1\n".utf8))
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF])
        let tricky: [String: String] = [
            "crlf": "line 1\r\nline 2\r\n\r\nline 4\r\n",
            "unicode": "日本語 ✓ Ünïcödé 🚀",
            "boundaryish":
                "--courier.boundary.0123456789abcdef0123456789abcdef\r\nContent-Type: text/plain\r\n\r\nx\r\n"
                + "--courier.boundary.0123456789abcdef0123456789abcdef--",
            "名前": "non-ASCII field name",
            "say \"hi\"": "a quote in the name",
        ]
        var parts = tricky.sorted { $0.key < $1.key }.map { name, value in
            MultipartFormBodyPart(provider: .data(Data(value.utf8)), name: name)
        }
        parts += [
            MultipartFormBodyPart(provider: .data(Data("a".utf8)), name: "tag"),
            MultipartFormBodyPart(provider: .data(Data("b".utf8)), name: "tag"),
            MultipartFormBodyPart(provider: .data(Data(notes.utf8)), name: "notes", fileName: "notes.txt"),
            MultipartFormBodyPart(provider: .data(png), name: "photo", fileName: "图片 \"1\".png", mimeType: "image/png"),
            MultipartFormBodyPart(provider: .file(report), name: "report"),
        ]
        let echo = try await TransferTarget.send(
            .httpbin("anything", task: .uploadMultipart(parts)), as: TransferEcho.self)

        var expectedForm = tricky.mapValues { TransferEcho.Value.one($0) }
        expectedForm["tag"] = .many(["a", "b"])
        #expect(echo.form == expectedForm)
        #expect(echo.files["notes"] == .one(notes))
        #expect(echo.files["photo"] == .one("data:image/png;base64,\(png.base64EncodedString())"))
        #expect(echo.files["report"] == .one("квартал 1\n"))
        #expect(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=courier.boundary.") == true)
    }

    @Test("several files under one field name and repeated fields are all parsed")
    func severalFilesOneField() async throws {
        let parts = (1...3).map { index in
            MultipartFormBodyPart(
                provider: .data(Data("photo \(index)".utf8)), name: "photos", fileName: "p\(index).jpg",
                mimeType: "text/plain")
        }
        let echo = try await TransferTarget.send(
            .httpbin("anything", task: .uploadCompositeMultipart(parts, urlParameters: ["album": "trip"])),
            as: TransferEcho.self)
        // httpbin echoes only the first file of a field; the scenario echo below shows all three.
        #expect(echo.files["photos"] == .one("photo 1"))
        #expect(echo.args["album"] == .one("trip"))

        let raw = try await TransferTarget.send(
            .scenario("echo", task: .uploadMultipart(parts)), as: TransferRawEcho.self)
        for index in 1...3 {
            #expect(raw.body.contains("name=\"photos\"; filename=\"p\(index).jpg\"\r\nContent-Type: text/plain"))
        }
    }

    @Test("a multipart body over 10 MB goes through a temporary file and parses whole")
    func largeMultipart() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let line = "0123456789abcdefghijklmnopqrstuvwxyz\r\n"
        let text = String(repeating: line, count: 10_500_000 / line.utf8.count)
        let file = try folder.file("big.txt", Data(text.utf8))
        let parts = [
            MultipartFormBodyPart(provider: .data(Data("big".utf8)), name: "title"),
            MultipartFormBodyPart(provider: .file(file), name: "big"),
        ]
        let echo = try await TransferTarget.send(
            .httpbin("anything", task: .uploadMultipart(parts)), as: TransferEcho.self)
        #expect(echo.form["title"] == .one("big"))
        guard case .one(let echoed)? = echo.files["big"] else {
            Issue.record("no file part \"big\" in \(echo.files.keys)")
            return
        }
        #expect(echoed.utf8.count == text.utf8.count)
        #expect(echoed == text)
    }

    @Test("uploadFile sends the file as the body, with its length and a type from its extension")
    func uploadFile() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let content = "id,name\r\n1,茶\r\n"
        let file = try folder.file("goods.csv", Data(content.utf8))
        let echo = try await TransferTarget.send(
            .httpbin("anything", method: .put, task: .uploadFile(file)), as: TransferEcho.self)
        #expect(echo.data == content)
        #expect(echo.headers["Content-Length"] == String(content.utf8.count))
        #expect(echo.headers["Content-Type"] == "text/csv")
        #expect(echo.method == "PUT")
    }
}
