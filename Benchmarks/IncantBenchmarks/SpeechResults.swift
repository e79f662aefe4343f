/// Everything the speech benchmark measured, for ``SpeechReport``.
struct SpeechResults: Sendable {
    /// Sizes of the data sets (clips, sentences, voices).
    var dataSummary: [String: Int] = [:]
    /// Which library sources were measured (commit, uncommitted changes).
    var provenance = ""
    /// Scores per condition key ("clean", "snr6", "home", "coffee→home", …) and system.
    var conditions: [String: [SystemKind: ConditionScore]] = [:]
    /// Load time and resident memory added by each system for each phrase set.
    var loads: [Load] = []
    var scaling: [GrammarScaling.Row] = []
    /// `incant listen` hearing clips in real time.
    var listening: ListeningLatency.Result?
    /// Peak resident memory after the accuracy runs (all workers' recognizers loaded).
    var peakResidentBytes: Int?
    /// Peak resident memory at the end, including the grammar-scaling step.
    var overallPeakResidentBytes: Int?
    var runSeconds = 0.0

    struct Load: Sendable {
        var system: SystemKind
        var set: String
        var seconds: Double
        var residentBytes: Int
    }

    mutating func record(_ condition: String, _ scores: [SystemKind: ConditionScore]) {
        conditions[condition] = scores
    }

    func score(_ condition: String, _ system: SystemKind) -> ConditionScore? {
        conditions[condition]?[system]
    }

    func load(_ system: SystemKind, _ set: String) -> Load? {
        loads.first { $0.system == system && $0.set == set }
    }
}
