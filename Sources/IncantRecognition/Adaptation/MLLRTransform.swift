import Foundation
import IncantPhrases

/// A maximum-likelihood linear regression transform of the acoustic model's Gaussian means, in
/// the text format SphinxTrain's `mllr_solve` writes and pocketsphinx's `-mllr` reads: the
/// number of classes and of feature streams, then per stream its width and, per class, the
/// matrix A (width × width), the offset b and the variance scales.
///
/// Decoding with it moves every mean μ to Aμ + b: towards the speaker, microphone and room of
/// the takes it was estimated from (``MLLRAdapter``).
public struct MLLRTransform: Sendable, Equatable {
    /// The file's text.
    public var text: String
    /// Regression classes (one: every Gaussian moves the same way).
    public var classes: Int
    /// The width of each feature stream.
    public var streamWidths: [Int]

    /// Checks `text` and keeps it.
    ///
    /// - Parameter source: names the file in errors.
    /// - Throws: ``AdaptationError/invalidTransform(path:reason:)`` naming the line of the first
    ///   bad number, a count that does not add up, or a value that is not finite.
    public init(text: String, source: String) throws(AdaptationError) {
        var tokens: [(line: Int, value: Substring)] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            for token in line.split(whereSeparator: \.isWhitespace) {
                tokens.append((index + 1, token))
            }
        }
        var position = 0
        func integer(_ what: String) throws(AdaptationError) -> Int {
            guard position < tokens.count else { throw .invalidTransform(path: source, reason: "ends before \(what)") }
            defer { position += 1 }
            guard let value = Int(tokens[position].value), value > 0, value <= 4096 else {
                throw .invalidTransform(
                    path: source, reason: "line \(tokens[position].line): '\(tokens[position].value)' is not \(what)")
            }
            return value
        }
        let classes = try integer("a number of classes")
        let streams = try integer("a number of streams")
        guard streams <= 16 else { throw .invalidTransform(path: source, reason: "\(streams) feature streams") }
        var widths: [Int] = []
        for stream in 0..<streams {
            let width = try integer("the width of stream \(stream + 1)")
            widths.append(width)
            let count = classes * (width * width + 2 * width)
            guard tokens.count - position >= count else {
                throw .invalidTransform(
                    path: source, reason: "stream \(stream + 1) needs \(count) numbers, the file ends first")
            }
            for token in tokens[position..<(position + count)] {
                guard let value = Double(token.value), value.isFinite else {
                    throw .invalidTransform(
                        path: source, reason: "line \(token.line): '\(token.value)' is not a number")
                }
            }
            position += count
        }
        guard position == tokens.count else {
            throw .invalidTransform(
                path: source, reason: "line \(tokens[position].line): more numbers than its sizes ask for")
        }
        self.text = text
        self.classes = classes
        self.streamWidths = widths
    }

    /// Reads and checks the transform at `path`.
    public init(contentsOf path: String) throws(AdaptationError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalidTransform(path: path, reason: "cannot be read")
        }
        try self.init(text: String(decoding: data, as: UTF8.self), source: path)
    }

    /// The transform that moves nothing (A the identity, b zero, variances unscaled), with
    /// `classes` classes and streams of `streamWidths`: decoding with it is decoding with the
    /// model as shipped.
    public static func identity(classes: Int, streamWidths: [Int]) -> MLLRTransform {
        var lines = ["\(classes)", "\(streamWidths.count)"]
        for width in streamWidths {
            lines.append("\(width)")
            for _ in 0..<classes {
                for row in 0..<width {
                    lines.append((0..<width).map { $0 == row ? "1.0" : "0.0" }.joined(separator: " "))
                }
                lines.append(Array(repeating: "0.0", count: width).joined(separator: " "))
                lines.append(Array(repeating: "1.0", count: width).joined(separator: " "))
            }
        }
        let text = lines.joined(separator: "\n") + "\n"
        return MLLRTransform(checkedText: text, classes: classes, streamWidths: streamWidths)
    }

    private init(checkedText: String, classes: Int, streamWidths: [Int]) {
        self.text = checkedText
        self.classes = classes
        self.streamWidths = streamWidths
    }

    /// Writes the transform to `path` atomically (a reader sees the old file or the new one).
    public func write(to path: String) throws {
        try AtomicFile.write(Data(text.utf8), to: path)
    }
}
