import Courier
import CourierTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct StreamingRecordingTests {
    @Test func aRecordedStreamReplaysWithTheSameEvents() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-stream-recording-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let stubs = StubTransport()
        stubs.when(LiveRoomAPI.comments(room: 9)).respond(
            .stream([.event("one", id: "1"), .pause(0.01), .event("two", id: "2")]))
        let recorder = RecordingTransport(recordingTo: directory, wrapping: stubs)

        var recorded: [ServerSentEvent] = []
        for try await event in Provider<LiveRoomAPI>(transport: recorder).events(.comments(room: 9)) {
            recorded.append(event)
        }
        var replayed: [ServerSentEvent] = []
        let replay = ReplayTransport(directory: directory)
        for try await event in Provider<LiveRoomAPI>(transport: replay).events(.comments(room: 9)) {
            replayed.append(event)
        }

        #expect(recorded.map(\.data) == ["one", "two"])
        #expect(replayed == recorded)
        #expect(recorder.recordedFiles.count == 1)
    }
}
