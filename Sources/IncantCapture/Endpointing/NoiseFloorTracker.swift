/// Estimates the background level as the quietest 10 ms frame of the last few seconds
/// ("minimum statistics"): speech always has pauses, so the minimum follows the room
/// rather than the talker. Memory is a fixed ring of per-block minima.
struct NoiseFloorTracker {
    private let framesPerBlock: Int
    private var blockMinima: [Double]
    private var nextBlock = 0
    private var filledBlocks = 0
    private var currentMinimum = Double.infinity
    private var framesInBlock = 0

    /// - Parameters:
    ///   - window: the span the minimum is taken over, in frames.
    ///   - framesPerBlock: frames summarised by one ring entry.
    init(windowFrames: Int, framesPerBlock: Int = 10) {
        self.framesPerBlock = framesPerBlock
        blockMinima = Array(repeating: .infinity, count: max(1, windowFrames / framesPerBlock))
    }

    /// Adds one frame's level and returns the current floor estimate.
    mutating func update(level: Double) -> Double {
        currentMinimum = min(currentMinimum, level)
        framesInBlock += 1
        if framesInBlock == framesPerBlock {
            blockMinima[nextBlock] = currentMinimum
            nextBlock = (nextBlock + 1) % blockMinima.count
            filledBlocks = min(filledBlocks + 1, blockMinima.count)
            currentMinimum = .infinity
            framesInBlock = 0
        }
        return floor
    }

    /// The quietest level in the window.
    var floor: Double {
        min(currentMinimum, blockMinima.min() ?? .infinity)
    }
}
