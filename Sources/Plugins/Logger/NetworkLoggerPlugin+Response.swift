import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkLoggerPlugin {
    /// The lines logged when a call ends: `Response: 200 GET https://… (12 ms)`, then the body
    /// or the error, as ``LogOptions`` ask.
    ///
    /// - Parameters:
    ///   - result: the outcome.
    ///   - response: its response, when it has one.
    ///   - call: what ``willSend(_:target:)`` noted, when it saw the call.
    ///   - timings: what the transport measured, to show after the duration; `nil` for none.
    ///   - target: the target.
    func responseLines(
        for result: Result<Response, CourierError>, response: Response?, call: CallLedger.Entry?,
        timings: CallTimings? = nil, target: any TargetType
    ) -> [String] {
        var masker: SecretMasker
        if let call {
            masker =
                call.masker ?? secretMasker(for: call.request, headers: call.request.allHTTPHeaderFields ?? [:])
        } else {
            masker = SecretMasker(masking: configuration.masking)
            if let request = response?.request {
                masker.collect(from: request, headers: request.allHTTPHeaderFields ?? [:])
            }
        }
        if let headers = response?.response?.allHeaderFields {
            var secretHeaders: [String: String] = [:]
            for (name, value) in headers {
                if let name = name as? String, masker.isSecret(header: name) { secretHeaders[name] = "\(value)" }
            }
            masker.collect(headers: secretHeaders)
        }
        // A login's or a refresh's tokens are the response's own secrets.
        if let body = response?.data { masker.collect(body: body) }
        let summary =
            call.map { Self.summary(of: $0.request, masker: masker) } ?? Self.summary(of: response, masker: masker)
        var duration = call.map { Self.describe(ContinuousClock.now - $0.start) } ?? "duration unknown"
        if let timings, let phases = Self.describe(timings) { duration += "; " + phases }

        var lines: [String] = []
        switch result {
        case .success(let response):
            // An answer of the provider's HTTP cache says so: `[cache hit, age 12 s]`, `[revalidated, age 0 s]`.
            let origin = response.cacheOrigin.map { " [\($0)]" } ?? ""
            lines.append(
                line("Response", masker.mask("\(response.statusCode) \(summary) (\(duration))\(origin)"), target))
            if configuration.logOptions.contains(.successResponseBody) {
                lines.append(line("Response Body", responseBodyMessage(response, masker: masker), target))
            }
        case .failure(let error):
            if let response {
                lines.append(line("Response", masker.mask("\(response.statusCode) \(summary) (\(duration))"), target))
                if configuration.logOptions.contains(.errorResponseBody) {
                    lines.append(line("Response Body", responseBodyMessage(response, masker: masker), target))
                }
                lines.append(line("Error", masker.mask(error.description), target))
            } else {
                let outcome = error.isCancelled ? "cancelled" : "failed"
                lines.append(
                    line("Error", masker.mask("\(summary) \(outcome) after \(duration): \(error.description)"), target))
            }
        }
        return lines
    }

    private func responseBodyMessage(_ response: Response, masker: SecretMasker) -> String {
        if let fileURL = response.fileURL, response.data.isEmpty { return "(saved to \(fileURL.path))" }
        return bodyMessage(
            response.data, contentType: response.value(forHTTPHeaderField: "Content-Type"),
            format: configuration.formatter.responseData, masker: masker)
    }

    /// `GET https://…`, for lines about a call that failed without a response.
    private static func summary(of request: URLRequest, masker: SecretMasker) -> String {
        "\(request.httpMethod ?? "GET") \(masker.printable(request.url))"
    }

    private static func summary(of response: Response?, masker: SecretMasker) -> String {
        let url = response?.request?.url ?? response?.response?.url
        return "\(response?.request?.httpMethod ?? "GET") \(masker.printable(url))"
    }

    /// `waiting 0.4 ms, connect 1.2 ms, first byte 3.4 ms, total 3.6 ms`, the phases measured
    /// only; `nil` when none was.
    static func describe(_ timings: CallTimings) -> String? {
        var phases: [String] = []
        if let waiting = timings.waitingForConnection { phases.append("waiting " + describe(waiting)) }
        if let connecting = timings.connecting { phases.append("connect " + describe(connecting)) }
        if let firstByte = timings.firstByte { phases.append("first byte " + describe(firstByte)) }
        if let total = timings.total { phases.append("total " + describe(total)) }
        return phases.isEmpty ? nil : phases.joined(separator: ", ")
    }

    /// `0.4 ms`, `12 ms`, `1.25 s`.
    static func describe(_ duration: Duration) -> String {
        let milliseconds =
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        if milliseconds < 10 { return "\((milliseconds * 10).rounded() / 10) ms" }
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        return "\((milliseconds / 10).rounded() / 100) s"
    }
}
