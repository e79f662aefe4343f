import Foundation

/// Reads Wyoming events from the front of a byte stream, within ``WyomingLimits``.
///
/// Lengths are checked against the limits as soon as the header is read, before any of the data
/// or payload is waited for, so a peer cannot make the server hold more than the limits.
public struct WyomingFrameParser: Sendable {
    /// What the front of the bytes holds.
    public enum Step: Sendable, Hashable {
        /// Not a whole event yet; read more.
        case incomplete
        /// An event, taking the first `consumed` bytes.
        case event(WyomingEvent, consumed: Int)
    }

    public let limits: WyomingLimits

    public init(limits: WyomingLimits = WyomingLimits()) {
        self.limits = limits
    }

    /// Reads the first event of `bytes`.
    ///
    /// - Throws: ``WyomingFrameError`` when the bytes are not an event or one over the limits.
    public func parse(_ bytes: UnsafeRawBufferPointer) throws(WyomingFrameError) -> Step {
        let scanned = min(bytes.count, limits.headerBytes + 1)
        guard let newline = bytes.prefix(scanned).firstIndex(of: UInt8(ascii: "\n")) else {
            if bytes.count > limits.headerBytes { throw .headerTooLong(limit: limits.headerBytes) }
            return .incomplete
        }
        var header = try Self.object(UnsafeRawBufferPointer(rebasing: bytes[0..<newline]), else: .headerNotJSON)
        guard let type = header["type"]?.string, !type.isEmpty else { throw .missingType }
        var data: [String: JSONValue]
        switch header.removeValue(forKey: "data") {
        case nil, .null?: data = [:]
        case .object(let object)?: data = object
        default: throw .dataNotObject
        }
        let dataLength = try length(header["data_length"], field: "data_length", limit: limits.dataBytes)
        let payloadLength = try length(header["payload_length"], field: "payload_length", limit: limits.payloadBytes)
        let dataStart = newline + 1
        let payloadStart = dataStart + dataLength
        let end = payloadStart + payloadLength
        guard bytes.count >= end else { return .incomplete }
        if dataLength > 0 {
            let extra = try Self.object(
                UnsafeRawBufferPointer(rebasing: bytes[dataStart..<payloadStart]), else: .extraDataNotObject)
            data.merge(extra) { $1 }
        }
        let payload = Array(bytes[payloadStart..<end])
        return .event(WyomingEvent(type: type, data: data, payload: payload), consumed: end)
    }

    /// Reads the first event of `bytes`.
    public func parse(_ bytes: [UInt8]) throws(WyomingFrameError) -> Step {
        do {
            return try bytes.withUnsafeBytes { buffer in try parse(buffer) }
        } catch let error as WyomingFrameError {
            throw error
        } catch {
            // `parse` throws nothing else.
            throw .headerNotJSON
        }
    }

    /// A length field: absent is 0; otherwise a whole number from 0 up to `limit`.
    private func length(_ value: JSONValue?, field: String, limit: Int) throws(WyomingFrameError) -> Int {
        switch value {
        case nil, .null?: return 0
        case .number(let number)?:
            guard number >= 0, number.rounded() == number else { throw .badLength(field: field) }
            guard number <= Double(limit) else {
                throw .tooLarge(field: field, length: number < 9e15 ? Int(number) : Int.max, limit: limit)
            }
            return Int(number)
        default: throw .badLength(field: field)
        }
    }

    /// `bytes` as a JSON object, or `failure`.
    private static func object(_ bytes: UnsafeRawBufferPointer, else failure: WyomingFrameError)
        throws(WyomingFrameError)
        -> [String: JSONValue]
    {
        let decoded: JSONValue
        do {
            decoded = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw failure
        }
        guard case .object(let object) = decoded else { throw failure }
        return object
    }
}
