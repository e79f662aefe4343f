import Foundation

extension MatchResult {
    /// Why a query was accepted, rejected or found ambiguous; also why a candidate is objected to.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// The best phrase matched; `differences` lists what was forgiven (empty: exact).
        case matched(phrase: String, differences: [String])
        /// The query has no words.
        case nothingToMatch
        /// No phrase shares enough with the query.
        case noCandidate(query: String)
        /// The best phrase is too far from the query.
        case belowThreshold(phrase: String, confidence: Double, threshold: Double)
        /// A word that tells actions or values apart was said instead of (or missing from, or
        /// added to) the phrase: `heard` is nil when missing, `expected` nil when extra.
        case distinguishingWordDiffers(phrase: String, heard: String?, expected: String?)
        /// Words said where a slot is are none of its values.
        case valueNotInList(phrase: String, parameter: String, heard: String, expected: [String])
        /// A number said for a slot is outside its range.
        case outOfRange(phrase: String, parameter: String, heard: String, range: String)
        /// A text slot's phrase matched without any of its carrier words.
        case missingCarrier(phrase: String, parameter: String)
        /// Different actions match (nearly) equally well.
        case ambiguous(between: [String])

        public var description: String {
            switch self {
            case .matched(let phrase, let differences):
                return differences.isEmpty
                    ? "exact match of \(phrase)" : "close to \(phrase): " + differences.joined(separator: ", ")
            case .nothingToMatch:
                return "nothing to match"
            case .noCandidate(let query):
                return "no phrase is close to \"\(query)\""
            case .belowThreshold(let phrase, let confidence, let threshold):
                return String(
                    format: "best match %@ has confidence %.2f, below the threshold %.2f", phrase, confidence,
                    threshold)
            case .distinguishingWordDiffers(let phrase, let heard?, let expected?):
                return "\"\(heard)\" was said where \(phrase) has \"\(expected)\", which tells it from another action"
            case .distinguishingWordDiffers(let phrase, nil, let expected?):
                return "\"\(expected)\" is missing from \(phrase), and it tells it from another action"
            case .distinguishingWordDiffers(let phrase, let heard?, nil):
                return "\"\(heard)\" was said in addition to \(phrase), and it changes the meaning"
            case .distinguishingWordDiffers(let phrase, nil, nil):
                return "a word differs from \(phrase)"
            case .valueNotInList(let phrase, let parameter, let heard, let expected):
                let list = expected.isEmpty ? "" : " (expected " + expected.joined(separator: ", ") + ")"
                return "\"\(heard)\" is not a value of {\(parameter)} in \(phrase)\(list)"
            case .outOfRange(let phrase, let parameter, let heard, let range):
                return "\(heard) is out of range for {\(parameter)} in \(phrase) (expected \(range))"
            case .missingCarrier(let phrase, let parameter):
                return "none of the words around {\(parameter)} in \(phrase) was said"
            case .ambiguous(let names):
                return "ambiguous: " + names.joined(separator: " and ") + " match equally well"
            }
        }
    }
}
