import Foundation

#if os(Linux)
    import Glibc

    /// A server process a cache live test starts and stops itself: the scenario server (to switch it
    /// off in the middle of a test, for the offline fallback) or nginx serving static files.
    ///
    /// Spawned with `posix_spawn` and waited for with `waitpid` on a thread of its own rather than
    /// through `Process`: the test runner's threads block signals, a child inherits that mask (so
    /// `SIGTERM` never reached it), and `Process`'s exit notification never came for a daemonizing nginx.
    final class CacheLiveServerProcess: Sendable {
        let baseURL: URL
        private let pid: pid_t
        /// For nginx: the command that stops it (the server itself is a daemon, not our child).
        private let stopCommand: [String]?

        private init(baseURL: URL, pid: pid_t, stopCommand: [String]? = nil) {
            self.baseURL = baseURL
            self.pid = pid
            self.stopCommand = stopCommand
        }

        /// The repository's root, from this file's path.
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        /// A new scenario server on `port`, or on a loopback port it picks itself when `nil`, once it
        /// listens (it says so, with its URL, on stderr). A port picked here and handed over would
        /// race every other socket the suite opens meanwhile, each of which may take it first; the
        /// outbox's live tests start one again on the port of one they stopped, and take that risk.
        static func scenario(port requested: Int? = nil) async throws -> CacheLiveServerProcess {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            let script = root.appendingPathComponent("scripts/scenario_server.py").path
            let pid = try spawn(["/usr/bin/env", "python3", script, "--port", "\(requested ?? 0)"], stderr: ends[1])
            close(ends[1])
            let reader = ends[0]
            let printed = await onThread { () -> String in
                defer { close(reader) }
                var seen = Data()
                var buffer = [UInt8](repeating: 0, count: 512)
                while true {
                    let count = read(reader, &buffer, buffer.count)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { return String(decoding: seen, as: UTF8.self) }
                    seen.append(contentsOf: buffer[0..<count])
                    let text = String(decoding: seen, as: UTF8.self)
                    if let line = text.split(separator: "\n").first(where: { $0.contains("listening on ") }),
                        text.hasSuffix("\n") || text.split(separator: "\n").count > 1
                    {
                        return String(line)
                    }
                }
            }
            let address = printed.components(separatedBy: "listening on ").last.flatMap {
                URL(string: $0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            guard printed.contains("listening on "), let address, address.port != nil else {
                let server = CacheLiveServerProcess(baseURL: URL(fileURLWithPath: "/"), pid: pid)
                await server.stop()
                throw ServerDidNotStart(printed: printed)
            }
            return CacheLiveServerProcess(baseURL: address, pid: pid)
        }

        /// The server ended, or failed, before it listened.
        struct ServerDidNotStart: Error, CustomStringConvertible {
            let printed: String
            var description: String { "the server did not start; it printed: \(printed)" }
        }

        /// nginx serving `files` (name → contents and modification time, in seconds from now) on a free
        /// loopback port, or `nil` when nginx is not installed.
        static func nginx(serving files: [String: (Data, TimeInterval)]) async throws -> CacheLiveServerProcess? {
            let binary = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/opt/homebrew/bin/nginx"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            }
            guard let binary else { return nil }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "courier-nginx-\(UUID().uuidString)")
            let html = folder.appendingPathComponent("html")
            try FileManager.default.createDirectory(at: html, withIntermediateDirectories: true)
            for (name, (data, modified)) in files {
                let file = html.appendingPathComponent(name)
                try data.write(to: file)
                try FileManager.default.setAttributes(
                    [.modificationDate: Date().addingTimeInterval(modified)], ofItemAtPath: file.path)
            }
            // nginx takes its port from its configuration: a port another socket took between the
            // pick and the bind fails the start, and the next pick is tried.
            for _ in 0..<3 {
                let port = try freePort()
                let configuration = """
                    worker_processes 1; daemon on;
                    error_log \(folder.path)/error.log; pid \(folder.path)/nginx.pid;
                    events { worker_connections 64; }
                    http { access_log off; default_type application/octet-stream;
                      client_body_temp_path \(folder.path)/tmp; proxy_temp_path \(folder.path)/tmp;
                      fastcgi_temp_path \(folder.path)/tmp; uwsgi_temp_path \(folder.path)/tmp; scgi_temp_path \(folder.path)/tmp;
                      server { listen 127.0.0.1:\(port); root \(html.path); } }
                    """
                let file = folder.appendingPathComponent("nginx.conf")
                try configuration.write(to: file, atomically: true, encoding: .utf8)
                // With `daemon on`, the command exits once the server listens: no polling for readiness.
                let started = try spawn([binary, "-c", file.path, "-p", folder.path], stderr: nil)
                guard await wait(for: started) == 0, let url = URL(string: "http://127.0.0.1:\(port)") else { continue }
                return CacheLiveServerProcess(
                    baseURL: url, pid: 0, stopCommand: [binary, "-c", file.path, "-p", folder.path, "-s", "stop"])
            }
            throw ServerDidNotStart(
                printed: (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? "")
        }

        /// Stops the server and returns once it is gone.
        func stop() async {
            if let stopCommand {
                if let stopper = try? Self.spawn(stopCommand, stderr: nil) { _ = await Self.wait(for: stopper) }
                return
            }
            kill(pid, SIGKILL)
            _ = await Self.wait(for: pid)
        }

        /// Spawns `arguments` with the default signal mask and dispositions, stderr to `stderr`
        /// (`/dev/null` when `nil`).
        private static func spawn(_ arguments: [String], stderr: Int32?) throws -> pid_t {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            if let stderr {
                posix_spawn_file_actions_adddup2(&actions, stderr, 2)
            } else {
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            sigemptyset(&none)
            var all = sigset_t()
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            let argv = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid = pid_t()
            let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
            guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
            return pid
        }

        /// The exit status of child `pid`, waited for on a thread of its own.
        private static func wait(for pid: pid_t) async -> Int32 {
            await onThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return status
            }
        }

        /// `body`'s result, run on a new thread: it blocks, which a cooperative-pool thread must not.
        private static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: body()) }.start()
            }
        }

        private static func freePort() throws -> Int {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                    bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
                }
            }
            guard bound else { throw POSIXError(.EADDRINUSE) }
            return Int(UInt16(bigEndian: address.sin_port))
        }
    }
#endif
