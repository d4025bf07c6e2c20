#if os(Linux)
    import Foundation
    import Courier
    import Glibc

    /// Why a connection stopped, before ``HTTP1Transport`` reports it as a `URLError`.
    enum ConnectionFailure: Error, Equatable {
        /// The server closed or reset the connection before any byte of the response: on a
        /// pooled connection, the server dropped it while it was idle.
        case closedBeforeResponse
        /// The connection ended in the middle of the response.
        case closedDuringResponse
        /// Nothing was sent or received for the request's timeout interval.
        case timedOut
        /// The connection could not be established; the `errno` of `connect`.
        case connectFailed(Int32)
        /// The response body could not be written to the download file; the `errno` of `write`.
        case fileWriteFailed(Int32)
    }

    /// A response received whole.
    struct ReceivedResponse: Sendable {
        /// The status line and headers.
        var head: HTTPResponseHead
        /// The body, unless it went to a file.
        var body: Data
        /// Whether the connection may carry another request.
        var reusable: Bool
    }

    /// What a connection needs to know to receive the response to the request about to be written.
    struct ResponseExpectation: Sendable {
        /// Whether the request is `HEAD`.
        var isResponseToHEAD: Bool
        /// The parser's limits.
        var limits: HTTPResponseParser.Limits
        /// A file the body is written to, instead of memory.
        var file: Int32?
        /// The largest body accepted.
        var maximumSize: Int64?
        /// Receives download progress.
        var progress: (@Sendable (TransferProgress) -> Void)?
        /// The idle timeout of the exchange, in nanoseconds.
        var timeout: UInt64?
    }

    /// One TCP connection: its non-blocking socket, written by the task that uses it and read
    /// by the ``EventLoop``, which parses the response and resumes that task.
    ///
    /// Every read, write and epoll change of the descriptor happens under `state`'s lock, and the
    /// descriptor is closed under it too, so a number reused by the kernel for a new socket is
    /// never read or written here. Only an inline read's `poll` watches it outside the lock: at
    /// worst it then wakes for another socket, and the read that follows finds the connection
    /// closed.
    final class HTTP1Connection: Sendable {
        /// The connection's tag in the event loop.
        let token: UInt64
        /// The socket.
        let fd: Int32
        /// The host and port it is connected to.
        let key: HTTP1ConnectionPool.Key
        private let loop: EventLoop
        private let state: LockedState<State>

        private struct Receiver: Sendable {
            var parser: HTTPResponseParser
            var expectation: ResponseExpectation
            var body = Data()
            var received: Int64 = 0
            var expected: Int64 = -1
            var result: Result<ReceivedResponse, any Error>?
            var continuation: CheckedContinuation<ReceivedResponse, any Error>?
        }

        private struct State: Sendable {
            var isClosed = false
            /// The handshake runs: only writability matters, reads and hang-ups are not the server's.
            var isConnecting = false
            /// Why the connection closed, for whoever asks afterwards.
            var failure: (any Error)?
            /// An edge of writability seen while no writer waited.
            var sawWritableEdge = false
            var writeWaiter: CheckedContinuation<Void, any Error>?
            var receiver: Receiver?
            /// The server sent bytes that belong to no request, or closed its side.
            var mustNotReuse = false
            var lastActivity: UInt64
            /// The idle timeout while a request uses the connection.
            var timeout: UInt64?
            /// When the connection, idle in the pool, is closed.
            var idleDeadline: UInt64?
            /// What the loop watches the socket for: everything from registration (the handshake
            /// needs room to write); errors only from the write of a request whose response the
            /// task reads inline until that read ends; input otherwise, room to write again when
            /// a writer must wait.
            var interest = EventLoop.Interest.inputAndOutput
            /// Whether the next inline wait busy-polls, from how the last ones went.
            var busyPollGate = BusyPollGate()
        }

        /// Work decided under the lock and done after it: resuming tasks and reporting progress.
        private struct Actions {
            var writer: (CheckedContinuation<Void, any Error>, Result<Void, any Error>)?
            var receiver: (CheckedContinuation<ReceivedResponse, any Error>, Result<ReceivedResponse, any Error>)?
            var progress: [TransferProgress] = []
            var progressHandler: (@Sendable (TransferProgress) -> Void)?
            var closed = false

            func run(loop: EventLoop, token: UInt64) {
                if let handler = progressHandler {
                    for value in progress { handler(value) }
                }
                if let (continuation, result) = writer { continuation.resume(with: result) }
                if let (continuation, result) = receiver { continuation.resume(with: result) }
                if closed { loop.deregister(token) }
            }
        }

        private init(fd: Int32, key: HTTP1ConnectionPool.Key, loop: EventLoop, timeout: UInt64?) {
            self.fd = fd
            self.key = key
            self.loop = loop
            self.token = loop.makeToken()
            self.state = LockedState(State(lastActivity: MonotonicClock.now(), timeout: timeout))
        }

        // MARK: Opening

        /// Connects to one of `addresses`, raced as Happy Eyeballs does (``AddressRacer``): IPv6
        /// and IPv4 alternate, each attempt has `timeout` of its own, the next starts after a
        /// short head start or as soon as the one before fails, and the first to connect wins
        /// (the others are closed). `relay` closes the connection if the task is cancelled.
        static func open(
            to addresses: [SocketAddress], key: HTTP1ConnectionPool.Key, loop: EventLoop, timeout: UInt64?,
            relay: CancellationRelay, racer: AddressRacer = AddressRacer()
        ) async throws -> HTTP1Connection {
            if addresses.count == 1, let address = addresses.first {
                // Nothing to race: no task to start.
                return try await connect(to: address, key: key, loop: loop, timeout: timeout, relay: relay)
            }
            let connection = try await racer.race(
                AddressRacer.interleaved(addresses, family: \.family),
                attempt: { address in
                    // Each attempt closes its own socket when the race cancels it.
                    let attemptRelay = CancellationRelay()
                    return try await withTaskCancellationHandler {
                        try await connect(to: address, key: key, loop: loop, timeout: timeout, relay: attemptRelay)
                    } onCancel: {
                        attemptRelay.cancel()
                    }
                },
                discard: { $0.close(because: CancellationError()) })
            relay.attach(connection)
            return connection
        }

        /// Connects to `address`, within `timeout`, and registers the connection with `loop`;
        /// `relay` closes it if the task is cancelled. Throws ``ConnectionFailure/connectFailed(_:)``
        /// when the address refuses or cannot be reached, and closes what it opened on every error.
        static func connect(
            to address: SocketAddress, key: HTTP1ConnectionPool.Key, loop: EventLoop, timeout: UInt64?,
            relay: CancellationRelay
        ) async throws -> HTTP1Connection {
            let fd = socket(
                address.family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw ConnectionFailure.connectFailed(errno) }
            var noDelay: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            let connection = HTTP1Connection(fd: fd, key: key, loop: loop, timeout: timeout)
            // Connect before registering: epoll reports a socket that is not connected yet as
            // hung up, which the loop would take for the server closing it.
            let started = connection.startConnecting(to: address)
            guard started == 0 || started == EINPROGRESS || started == EINTR else {
                connection.close(because: ConnectionFailure.connectFailed(started))
                throw ConnectionFailure.connectFailed(started)
            }
            do {
                try loop.register(connection)
            } catch {
                connection.close(because: error)
                throw error
            }
            relay.attach(connection)
            do {
                try await connection.finishConnecting(inProgress: started != 0)
                return connection
            } catch {
                connection.close(because: error)
                throw error
            }
        }

        /// Starts a non-blocking connect: `0` when connected already, `errno` otherwise
        /// (`EINPROGRESS` while the handshake runs).
        private func startConnecting(to address: SocketAddress) -> Int32 {
            state.withLock { state -> Int32 in
                state.isConnecting = true
                state.sawWritableEdge = false
                return address.withSockAddr { Glibc.connect(fd, $0, $1) == 0 ? 0 : errno }
            }
        }

        /// Waits for the handshake when it is in progress, then checks its outcome.
        private func finishConnecting(inProgress: Bool) async throws {
            if inProgress {
                try await waitUntilWritable()
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            let status = state.withLock { state -> Int32 in
                guard !state.isClosed else { return EBADF }
                state.isConnecting = false
                return getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 ? error : errno
            }
            if status != 0 {
                if let failure = state.withLock({ $0.failure }) { throw failure }
                throw ConnectionFailure.connectFailed(status)
            }
        }

        // MARK: Use by a task

        /// Whether the connection is open, and quiet, so it may carry another request.
        var isReusable: Bool {
            state.withLock { !$0.isClosed && !$0.mustNotReuse && IdleConnectionCheck.isQuiet(fd) }
        }

        /// Takes the connection out of the pool for a request: `false` when closed or not quiet (the pool closes it).
        func activate() -> Bool {
            state.withLock { state in
                guard !state.isClosed, !state.mustNotReuse, IdleConnectionCheck.isQuiet(fd) else { return false }
                state.idleDeadline = nil
                return true
            }
        }

        /// Puts the connection in the pool until `deadline`.
        func markIdle(until deadline: UInt64) {
            state.withLock { state in
                state.timeout = nil
                state.idleDeadline = deadline
            }
            loop.schedule(deadline: deadline)
        }

        /// Prepares to receive a response; call before writing the request, so no byte of the
        /// answer can arrive unexpected.
        ///
        /// With `readsInline`, the task means to read the answer itself (``response(inline:counters:)``
        /// with an ``InlineWait``): the loop stops watching the socket's input before the request goes
        /// out, or it would wake for the answer and read it first, and the task's wait would be
        /// for nothing (on one CPU, or whenever the task is slow to get there).
        func expect(_ expectation: ResponseExpectation, readsInline: Bool) throws {
            let now = MonotonicClock.now()
            try state.withLock { state throws in
                if state.isClosed { throw state.failure ?? ConnectionFailure.closedBeforeResponse }
                state.receiver = Receiver(
                    parser: HTTPResponseParser(
                        isResponseToHEAD: expectation.isResponseToHEAD, limits: expectation.limits),
                    expectation: expectation)
                state.timeout = expectation.timeout
                state.idleDeadline = nil
                state.lastActivity = now
                if readsInline { watch(.errorsOnly, &state) }
            }
        }

        /// Writes all of `bytes`, waiting for the socket to drain when it is full.
        ///
        /// Returns early, without error, when the server already answered in full (it may answer
        /// before reading the whole body, for example with a `413`).
        func write(_ bytes: some ContiguousBytes & Sendable) async throws {
            let total = bytes.withUnsafeBytes { $0.count }
            var offset = 0
            while offset < total {
                var actions = Actions()
                let step = state.withLock { state -> Result<Int, any Error> in
                    if state.isClosed { return .failure(state.failure ?? ConnectionFailure.closedBeforeResponse) }
                    state.sawWritableEdge = false
                    let written = bytes.withUnsafeBytes { buffer in
                        guard let base = buffer.baseAddress else { return 0 }
                        return send(fd, base + offset, total - offset, Int32(MSG_NOSIGNAL))
                    }
                    if written >= 0 {
                        state.lastActivity = MonotonicClock.now()
                        return .success(written)
                    }
                    let code = errno
                    if code == EAGAIN || code == EWOULDBLOCK { return .success(-1) }
                    if code == EINTR { return .success(0) }
                    if state.receiver != nil, state.receiver?.result == nil {
                        // What the server sent before it closed is still in the socket when the
                        // loop has not read it (or does not watch it, for an inline read).
                        withUnsafeTemporaryAllocation(byteCount: Self.taskReadBufferSize, alignment: 16) { buffer in
                            while readAvailable(&state, readBuffer: buffer, untilDrained: true, actions: &actions) {}
                        }
                    }
                    if case .success = state.receiver?.result {
                        // The server answered before reading the whole body (a 413, say): keep
                        // the answer, never reuse the connection.
                        state.mustNotReuse = true
                        return .failure(ConnectionFailure.closedDuringResponse)
                    }
                    let failure =
                        (state.receiver?.parser.hasReceivedBytes ?? false)
                        ? ConnectionFailure.closedDuringResponse : ConnectionFailure.closedBeforeResponse
                    fail(&state, with: failure, actions: &actions)
                    return .failure(failure)
                }
                actions.run(loop: loop, token: token)
                switch step {
                case .success(let written) where written >= 0:
                    offset += written
                case .success:
                    try await waitUntilWritable()
                case .failure(let error):
                    if hasAnswer() { return }
                    throw error
                }
            }
        }

        /// Whether a complete response arrived, so writing can stop.
        func hasAnswer() -> Bool {
            state.withLock { state in
                if case .success = state.receiver?.result { return true }
                return false
            }
        }

        private func waitUntilWritable() async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                var deadline: UInt64?
                let ready = state.withLock { state -> Result<Void, any Error>? in
                    if state.isClosed { return .failure(state.failure ?? ConnectionFailure.closedBeforeResponse) }
                    if state.sawWritableEdge {
                        state.sawWritableEdge = false
                        return .success(())
                    }
                    state.writeWaiter = continuation
                    watch(.inputAndOutput, &state)
                    deadline = Self.startWaiting(&state)
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
                if let deadline { loop.schedule(deadline: deadline) }
            }
        }

        /// Starts the idle clock of a task that parks on the connection, and returns its deadline.
        ///
        /// The clock runs only while a task waits here, from the later of its last byte and the
        /// moment it parked: time a resumed task spends waiting for a thread is not silence from
        /// the server (on a busy cooperative pool that can be longer than the timeout).
        private static func startWaiting(_ state: inout State) -> UInt64? {
            guard let timeout = state.timeout else { return nil }
            state.lastActivity = MonotonicClock.now()
            return state.lastActivity + timeout
        }

        /// The response to the request written, once complete.
        ///
        /// With `inline`, the calling thread first waits for the answer itself (see
        /// ``readInline(_:counters:)``); the event loop takes over after. `counters` notes a
        /// response read so, and how busy-polls went.
        func response(inline: InlineWait?, counters: ExchangeCounters) async throws -> ReceivedResponse {
            if let inline, let result = readInline(inline, counters: counters) {
                counters.noteInlineRead()
                return try result.get()
            }
            return try await withCheckedThrowingContinuation { continuation in
                var deadline: UInt64?
                let ready = state.withLock { state -> Result<ReceivedResponse, any Error>? in
                    guard state.receiver != nil else {
                        return .failure(state.failure ?? ConnectionFailure.closedBeforeResponse)
                    }
                    if let result = Self.takeResult(&state) { return result }
                    state.receiver?.continuation = continuation
                    deadline = Self.startWaiting(&state)
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
                if let deadline { loop.schedule(deadline: deadline) }
            }
        }

        /// Waits for the response on the calling thread and reads it, for at most `wait.budget`
        /// nanoseconds: the response, or `nil` when it is not complete by then (the loop then
        /// reads the rest, and ``response(inline:counters:)`` parks). `nil` at once when the
        /// connection is closed or the loop has read the whole answer already.
        ///
        /// A response that comes soon then costs one thread wake-up instead of two (the loop's,
        /// then the task's), as in a blocking client; ``HTTP1Transport`` asks for it only while
        /// no other request of the transport is in flight, so no other exchange waits behind it.
        /// When ``BusyPollGate`` lets it, the wait starts with up to `wait.busyPoll` nanoseconds
        /// of checking the socket without sleeping, which saves that wake-up too when the answer
        /// comes within it; then it blocks in `poll`.
        private func readInline(_ wait: InlineWait, counters: ExchangeCounters) -> Result<ReceivedResponse, any Error>?
        {
            var busyPolls = false
            let started = state.withLock { state -> Bool in
                // An answer the loop has read already is for the parked path, which takes it at once.
                guard !state.isClosed, state.receiver != nil, state.receiver?.result == nil else { return false }
                // Input is this thread's now: the loop must not wake for it.
                watch(.errorsOnly, &state)
                busyPolls = state.busyPollGate.begin(allowed: wait.busyPoll > 0)
                return true
            }
            guard started else { return nil }
            let start = MonotonicClock.now()
            let deadline = start + wait.budget
            // How the busy-poll went, for the gate: noted under the first turn's lock.
            var busyPollCaught: Bool?
            if busyPolls {
                let caught = Self.busyPoll(fd, until: start + wait.busyPoll)
                counters.noteBusyPoll(caught: caught)
                busyPollCaught = caught
            }
            return withUnsafeTemporaryAllocation(byteCount: Self.taskReadBufferSize, alignment: 16) { buffer in
                while true {
                    let now = MonotonicClock.now()
                    let isLastTurn = now >= deadline
                    if !isLastTurn, busyPollCaught != true { Self.waitUntilReadable(fd, nanoseconds: deadline - now) }
                    var actions = Actions()
                    let outcome = state.withLock { state -> Result<ReceivedResponse, any Error>?? in
                        if let caught = busyPollCaught { state.busyPollGate.record(caught: caught) }
                        if !state.isClosed, state.receiver?.result == nil {
                            // Reads until EAGAIN: an edge the loop skipped must leave no byte behind.
                            while readAvailable(&state, readBuffer: buffer, untilDrained: true, actions: &actions) {}
                        }
                        if let result = Self.takeResult(&state) {
                            endInlineRead(&state)
                            return .some(result)
                        }
                        if state.isClosed {
                            endInlineRead(&state)
                            return .some(.failure(state.failure ?? ConnectionFailure.closedBeforeResponse))
                        }
                        guard isLastTurn else { return nil }
                        endInlineRead(&state)
                        return .some(nil)
                    }
                    busyPollCaught = nil
                    actions.run(loop: loop, token: token)
                    if let outcome { return outcome }
                }
            }
        }

        /// Gives the socket's input back to the loop (under the lock). Without room to write: the
        /// socket is writable, and re-arming that edge would wake the loop for nothing; a writer
        /// that must wait asks for it again.
        private func endInlineRead(_ state: inout State) {
            watch(.input, &state)
        }

        /// Makes the loop watch the socket for `interest`, unless it does already or the
        /// connection is closed (under the lock).
        private func watch(_ interest: EventLoop.Interest, _ state: inout State) {
            guard state.interest != interest, !state.isClosed else { return }
            state.interest = interest
            loop.watch(self, for: interest)
        }

        /// Takes the complete response (or the failure) of the request, when there is one
        /// (under the lock).
        private static func takeResult(_ state: inout State) -> Result<ReceivedResponse, any Error>? {
            guard let result = state.receiver?.result else { return nil }
            state.receiver = nil
            state.timeout = nil
            guard case .success(var response) = result else { return result }
            response.reusable = response.reusable && !state.mustNotReuse && !state.isClosed
            return .success(response)
        }

        /// The size of the buffer a task reads into on its own thread, on its stack: in
        /// ``readInline(_:counters:)``, and after a failed write.
        private static let taskReadBufferSize = 16 * 1024

        /// Input or a hang-up, for `poll`.
        private static let pollEvents = Int16(POLLIN) | 0x2000  // POLLRDHUP, which Swift's Glibc module leaves out.

        /// Blocks until `fd` has input or a hang-up, or about `nanoseconds` pass (whole
        /// milliseconds, rounded up).
        private static func waitUntilReadable(_ fd: Int32, nanoseconds: UInt64) {
            var descriptor = pollfd(fd: fd, events: pollEvents, revents: 0)
            _ = poll(&descriptor, 1, Int32(min(60_000, (nanoseconds + 999_999) / 1_000_000)))
        }

        /// Checks `fd` for input or a hang-up without sleeping, until the monotonic clock
        /// reaches `end`: whether either came.
        private static func busyPoll(_ fd: Int32, until end: UInt64) -> Bool {
            var descriptor = pollfd(fd: fd, events: pollEvents, revents: 0)
            repeat {
                if poll(&descriptor, 1, 0) > 0 { return true }
            } while MonotonicClock.now() < end
            return false
        }

        /// Closes the connection; a task waiting on it fails with `error`.
        func close(because error: any Error) {
            var actions = Actions()
            state.withLock { state in fail(&state, with: error, actions: &actions) }
            actions.run(loop: loop, token: token)
        }

        /// Closes the connection under the lock and decides who must be told.
        private func fail(_ state: inout State, with error: any Error, actions: inout Actions) {
            guard !state.isClosed else { return }
            state.isClosed = true
            state.failure = error
            Glibc.close(fd)
            actions.closed = true
            if let writer = state.writeWaiter {
                state.writeWaiter = nil
                actions.writer = (writer, .failure(error))
            }
            if state.receiver != nil, state.receiver?.result == nil {
                state.receiver?.result = .failure(error)
                state.timeout = nil
                if let continuation = state.receiver?.continuation {
                    state.receiver = nil
                    actions.receiver = (continuation, .failure(error))
                }
            }
        }

        // MARK: Use by the event loop

        /// Handles epoll `events`; returns `true` when data may remain to be read (the read
        /// budget ran out), so the loop comes back without waiting for another edge.
        func handle(events: UInt32, readBuffer: UnsafeMutableRawBufferPointer) -> Bool {
            var actions = Actions()
            let more = state.withLock { state -> Bool in
                guard !state.isClosed else { return false }
                if events & (Epoll.writable | Epoll.error | Epoll.hangUp) != 0 {
                    if let writer = state.writeWaiter {
                        state.writeWaiter = nil
                        actions.writer = (writer, .success(()))
                    } else {
                        state.sawWritableEdge = true
                    }
                }
                guard !state.isConnecting, state.interest != .errorsOnly,
                    events & (Epoll.readable | Epoll.readHangUp | Epoll.hangUp | Epoll.error) != 0
                else { return false }
                // With a hang-up in this event, read to the end: no other edge will come for it.
                let drain = events & (Epoll.readHangUp | Epoll.hangUp | Epoll.error) != 0
                return readAvailable(&state, readBuffer: readBuffer, untilDrained: drain, actions: &actions)
            }
            actions.run(loop: loop, token: token)
            return more
        }

        /// Reads until the socket is drained, the connection ends, or the budget runs out.
        private func readAvailable(
            _ state: inout State, readBuffer: UnsafeMutableRawBufferPointer, untilDrained: Bool, actions: inout Actions
        ) -> Bool {
            guard let base = readBuffer.baseAddress else { return false }
            for _ in 0..<16 {
                let count = read(fd, base, readBuffer.count)
                if count > 0 {
                    state.lastActivity = MonotonicClock.now()
                    receive(UnsafeRawBufferPointer(start: base, count: count), &state, actions: &actions)
                    if state.isClosed { return false }
                    // A short read drained the socket; new data will raise a new edge.
                    if count < readBuffer.count, !untilDrained { return false }
                    continue
                }
                if count == 0 {
                    endOfStream(&state, actions: &actions)
                    return false
                }
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { return false }
                endOfStream(&state, actions: &actions)
                return false
            }
            return true
        }

        /// Feeds received bytes to the response being read.
        private func receive(_ bytes: UnsafeRawBufferPointer, _ state: inout State, actions: inout Actions) {
            guard var receiver = state.receiver, receiver.result == nil else {
                // Bytes no request asked for: the connection is out of step, never reuse it.
                state.mustNotReuse = true
                if state.receiver == nil {
                    fail(&state, with: ConnectionFailure.closedBeforeResponse, actions: &actions)
                }
                return
            }
            // Owned here while it changes, so its buffers are not copied on write.
            state.receiver = nil
            do {
                receiver.parser.append(bytes)
                if try ingest(&receiver, actions: &actions) {
                    finish(receiver, &state, reusable: !state.mustNotReuse, actions: &actions)
                } else {
                    state.receiver = receiver
                }
            } catch {
                state.receiver = receiver
                fail(&state, with: error, actions: &actions)
            }
        }

        /// Consumes the parser's events; `true` once the response is complete.
        private func ingest(_ receiver: inout Receiver, actions: inout Actions) throws -> Bool {
            let limit = receiver.expectation.maximumSize
            while let event = try receiver.parser.next() {
                switch event {
                case .head:
                    if case .contentLength(let length) = receiver.parser.framing {
                        receiver.expected = length
                        if let limit, length > limit { throw TransportError.responseTooLarge(limit: limit) }
                        if receiver.expectation.file == nil, length <= 16 * 1024 * 1024 {
                            receiver.body.reserveCapacity(Int(length))
                        }
                    }
                case .body(let piece):
                    receiver.received += Int64(piece.count)
                    if let limit, receiver.received > limit { throw TransportError.responseTooLarge(limit: limit) }
                    if let file = receiver.expectation.file {
                        try Self.write(piece, to: file)
                    } else {
                        piece.withUnsafeBufferPointer { receiver.body.append($0) }
                    }
                    if let handler = receiver.expectation.progress {
                        actions.progressHandler = handler
                        actions.progress.append(
                            TransferProgress(completedUnitCount: receiver.received, totalUnitCount: receiver.expected))
                    }
                case .end:
                    return true
                }
            }
            return false
        }

        private static func write(_ piece: ArraySlice<UInt8>, to file: Int32) throws {
            try piece.withUnsafeBytes { bytes in
                guard var pointer = bytes.baseAddress else { return }
                var left = bytes.count
                while left > 0 {
                    let written = Glibc.write(file, pointer, left)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw ConnectionFailure.fileWriteFailed(errno)
                    }
                    left -= written
                    pointer += written
                }
            }
        }

        /// Delivers a complete response to the task, now or when it asks.
        private func finish(_ receiver: Receiver, _ state: inout State, reusable: Bool, actions: inout Actions) {
            guard let head = receiver.parser.head else {
                state.receiver = receiver
                fail(&state, with: ConnectionFailure.closedDuringResponse, actions: &actions)
                return
            }
            let keepAlive =
                reusable && head.keepsConnectionAlive && !receiver.parser.requiresConnectionClose
                && receiver.parser.unconsumedByteCount == 0
            if !keepAlive { state.mustNotReuse = true }
            let response = ReceivedResponse(head: head, body: receiver.body, reusable: keepAlive)
            state.timeout = nil
            if let continuation = receiver.continuation {
                state.receiver = nil
                actions.receiver = (continuation, .success(response))
            } else {
                var done = receiver
                done.body = Data()
                done.result = .success(response)
                state.receiver = done
            }
        }

        /// The server closed its side (or reset the connection).
        private func endOfStream(_ state: inout State, actions: inout Actions) {
            state.mustNotReuse = true
            if var receiver = state.receiver, receiver.result == nil {
                state.receiver = nil
                let completed: Bool
                do {
                    if case .end = try receiver.parser.finish() { completed = true } else { completed = false }
                } catch {
                    completed = false
                }
                if completed {
                    finish(receiver, &state, reusable: false, actions: &actions)
                } else {
                    state.receiver = receiver
                    let failure =
                        receiver.parser.hasReceivedBytes
                        ? ConnectionFailure.closedDuringResponse : ConnectionFailure.closedBeforeResponse
                    fail(&state, with: failure, actions: &actions)
                    return
                }
            }
            fail(&state, with: ConnectionFailure.closedBeforeResponse, actions: &actions)
        }

        /// Closes the connection when a deadline passed; returns its next deadline otherwise.
        func expireIfDue(now: UInt64) -> UInt64? {
            var actions = Actions()
            let next = state.withLock { state -> UInt64? in
                guard !state.isClosed else { return nil }
                if let timeout = state.timeout {
                    // Only a parked task times out; see `startWaiting`.
                    guard state.writeWaiter != nil || state.receiver?.continuation != nil else { return nil }
                    let deadline = state.lastActivity + timeout
                    guard now >= deadline else { return deadline }
                    fail(&state, with: ConnectionFailure.timedOut, actions: &actions)
                    return nil
                }
                if let deadline = state.idleDeadline {
                    guard now >= deadline else { return deadline }
                    fail(&state, with: ConnectionFailure.closedBeforeResponse, actions: &actions)
                }
                return nil
            }
            actions.run(loop: loop, token: token)
            return next
        }
    }
#endif
