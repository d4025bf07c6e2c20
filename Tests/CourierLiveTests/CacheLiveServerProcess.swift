import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server process a cache live test starts and stops itself: the scenario server (to stop it in
/// the middle of a test, for the offline fallback) or nginx serving static files.
final class CacheLiveServerProcess: @unchecked Sendable {
    // Unchecked: `process` is set up before the object is shared and only terminated afterwards.
    let process: Process
    let baseURL: URL
    private let ended: AsyncStream<Void>
    /// Whether `process` is the command that stops the server (nginx), rather than the server.
    private let stopsByRunning: Bool

    private init(process: Process, baseURL: URL, ended: AsyncStream<Void>, stopsByRunning: Bool = false) {
        self.process = process
        self.baseURL = baseURL
        self.ended = ended
        self.stopsByRunning = stopsByRunning
    }

    /// The repository's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A new scenario server on a free loopback port, once it listens.
    static func scenario() async throws -> CacheLiveServerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/scenario_server.py").path, "--port", "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let (ended, endedContinuation) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in endedContinuation.finish() }
        let (lines, linesContinuation) = AsyncStream.makeStream(of: String.self)
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                linesContinuation.finish()
            } else {
                linesContinuation.yield(String(decoding: data, as: UTF8.self))
            }
        }
        try process.run()
        var seen = ""
        for await chunk in lines {
            seen += chunk
            if let range = seen.range(of: "listening on "), let end = seen[range.upperBound...].firstIndex(of: "\n"),
                let url = URL(string: String(seen[range.upperBound..<end]))
            {
                return CacheLiveServerProcess(process: process, baseURL: url, ended: ended)
            }
        }
        throw CocoaError(
            .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "scenario server did not start: \(seen)"])
    }

    /// nginx serving `files` (name → contents and modification time, in seconds from now) on a free
    /// loopback port, or `nil` when nginx is not installed.
    static func nginx(serving files: [String: (Data, TimeInterval)]) async throws -> CacheLiveServerProcess? {
        let binary = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/opt/homebrew/bin/nginx"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let binary else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-nginx-\(UUID().uuidString)")
        let html = folder.appendingPathComponent("html")
        try FileManager.default.createDirectory(at: html, withIntermediateDirectories: true)
        for (name, (data, modified)) in files {
            let file = html.appendingPathComponent(name)
            try data.write(to: file)
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(modified)], ofItemAtPath: file.path)
        }
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
        guard try await run(binary, ["-c", file.path, "-p", folder.path]) == 0 else { return nil }
        let stopper = Process()
        stopper.executableURL = URL(fileURLWithPath: binary)
        stopper.arguments = ["-c", file.path, "-p", folder.path, "-s", "stop"]
        let (ended, endedContinuation) = AsyncStream.makeStream(of: Void.self)
        stopper.terminationHandler = { _ in endedContinuation.finish() }
        return CacheLiveServerProcess(
            process: stopper, baseURL: URL(string: "http://127.0.0.1:\(port)")!, ended: ended, stopsByRunning: true)
    }

    /// Runs `binary` with `arguments` and returns its exit status, without blocking a thread.
    private static func run(_ binary: String, _ arguments: [String]) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        let (ended, endedContinuation) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in endedContinuation.finish() }
        try process.run()
        for await _ in ended {}
        return process.terminationStatus
    }

    /// Stops the server and returns once the process has exited.
    func stop() async {
        if stopsByRunning {
            guard (try? process.run()) != nil else { return }
        } else if process.isRunning {
            process.terminate()
        }
        for await _ in ended {}
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
