import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``RecordingTransport`` records a streamed call too: the body passes through to the app as
/// it arrives, and the exchange is written once the body has ended, with the whole body, so a
/// ``ReplayTransport`` plays it back. A stream that fails or is cancelled part way is not
/// recorded (a replay of its cut body would end as if complete).
extension RecordingTransport: StreamingTransport {
    /// Streams `request` through the wrapped transport and records the exchange when it ends.
    public func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        let (sent, key, file) = recordingFile(for: request)
        let inner = StreamedBody(bufferLimit: body.bufferLimit)
        let head: TransportResponse
        do {
            head = try await ContentDecodingLink.stream(
                request, overAny: wrapped, into: inner, rule: decodingLink(for: request))
        } catch {
            if !Self.isCancellation(error) {
                try Recording(request: sent, key: key, error: error, masking: masking).write(to: file)
            }
            throw error
        }
        let masking = self.masking
        let response = head.response
        let pump = Task {
            var recorded = Data()
            do {
                while let chunk = try await inner.next() {
                    recorded.append(chunk)
                    try await body.send(chunk)
                }
                try Recording(request: sent, key: key, response: response, body: recorded, masking: masking)
                    .write(to: file)
                body.finish()
            } catch {
                inner.cancel()
                body.finish(throwing: error)
            }
        }
        body.onCancel {
            inner.cancel()
            pump.cancel()
        }
        return head
    }
}

/// A ``ReplayTransport`` plays a recorded stream back as one piece.
extension ReplayTransport: StreamingTransport {
    /// Answers `request` from its recording, its body streamed whole.
    public func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        body.deliverWhole(try await send(request))
    }
}
