import Foundation

/// The false-alarm rate beyond the strongest look-alikes a run saw, read off the tail of the
/// background candidates' confidences.
///
/// With under 10 hours of background, "at most one false alarm per 10 hours" can only be read
/// as none in the run, which puts the threshold at the strongest look-alike seen. The rate of
/// candidates at or above each of the strongest ``count``, on a log scale, against the logit of
/// its confidence is close to a straight line; the least-squares line, extended, estimates the
/// threshold one look-alike per 10 hours would reach. An estimate: it assumes the tail keeps
/// its slope beyond what was seen.
struct WakeTailFit {
    /// Candidates the line is fitted over (the strongest).
    static let count = 30
    /// Natural-log rate per hour at logit 0, and its change per logit unit (negative).
    let intercept: Double
    let slope: Double
    /// How many candidates the line went through.
    let fitted: Int

    /// Fits the strongest of `confidences` (background candidates in `hours` of audio); nil
    /// with fewer than 10 candidates strictly between 0 and 1, or a tail that does not fall.
    init?(confidences: [Double], hours: Double) {
        let strongest = confidences.filter { $0 > 0 && $0 < 1 }.sorted(by: >).prefix(Self.count)
        guard strongest.count >= 10, hours > 0 else { return nil }
        let xs = strongest.map { log($0 / (1 - $0)) }
        let ys = strongest.indices.map { log(Double($0 + 1) / hours) }
        let meanX = xs.reduce(0, +) / Double(xs.count)
        let meanY = ys.reduce(0, +) / Double(ys.count)
        let spread = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        guard spread > 0 else { return nil }
        let slope = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) } / spread
        guard slope < 0 else { return nil }
        self.slope = slope
        intercept = meanY - slope * meanX
        fitted = strongest.count
    }

    /// Estimated candidates per hour at or above `threshold`.
    func ratePerHour(atOrAbove threshold: Double) -> Double {
        exp(intercept + slope * log(threshold / (1 - threshold)))
    }

    /// The threshold estimated to leave `rate` candidates per hour.
    func threshold(forRatePerHour rate: Double) -> Double {
        1 / (1 + exp(-(log(rate) - intercept) / slope))
    }
}
