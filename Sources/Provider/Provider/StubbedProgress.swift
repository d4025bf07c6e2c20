import Foundation

/// The progress steps of an answer that no network measured: a stubbed call reports a few
/// growing steps, as a real transfer does, so progress UI can be tested offline.
///
/// Shared by the provider's own stubs (`stubClosure`) and CourierTesting's `StubTransport`.
package enum StubbedProgress {
    /// How many steps a stubbed transfer reports; fewer when the body has fewer bytes.
    package static let stepCount: Int64 = 4

    /// The steps of a transfer of `total` bytes, growing from a quarter to all of them; none for
    /// an empty body.
    package static func steps(total: Int64) -> [TransferProgress] {
        guard total > 0 else { return [] }
        let count = min(stepCount, total)
        return (1...count).map { TransferProgress(completedUnitCount: total * $0 / count, totalUnitCount: total) }
    }

    /// The bytes whose progress a call reports: the upload's body for an upload, the response's
    /// body (`responseBytes`) for anything else. A file that cannot be read counts as empty.
    package static func total(of source: UploadSource?, responseBytes: Int) -> Int64 {
        switch source {
        case .data(let data): Int64(data.count)
        case .file(let url): (try? MultipartFormDataEncoder.fileSize(of: url)) ?? 0
        case nil: Int64(responseBytes)
        }
    }

    /// The upload source a transport request sends, if it is an upload.
    package static func uploadSource(of kind: TransportRequest.Kind) -> UploadSource? {
        if case .upload(let source) = kind { return source }
        return nil
    }
}
