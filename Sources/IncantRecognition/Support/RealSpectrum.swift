import Foundation

/// The power spectrum of real frames of one size: an iterative radix-2 FFT.
struct RealSpectrum {
    let size: Int
    private let cosines: [Double]
    private let sines: [Double]
    private let reversed: [Int]

    init(size: Int) {
        precondition(size > 1 && size & (size - 1) == 0, "FFT size must be a power of two")
        self.size = size
        cosines = (0..<(size / 2)).map { cos(-2 * Double.pi * Double($0) / Double(size)) }
        sines = (0..<(size / 2)).map { sin(-2 * Double.pi * Double($0) / Double(size)) }
        let bits = size.trailingZeroBitCount
        reversed = (0..<size).map { index in
            var value = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { value |= 1 << (bits - 1 - bit) }
            return value
        }
    }

    /// |X[k]|² for k in 0...size/2.
    func power(of frame: [Double]) -> [Double] {
        var real = [Double](repeating: 0, count: size)
        var imaginary = [Double](repeating: 0, count: size)
        for index in 0..<size { real[reversed[index]] = frame[index] }
        var length = 2
        while length <= size {
            let half = length / 2
            let step = size / length
            var start = 0
            while start < size {
                for offset in 0..<half {
                    let twiddle = offset * step
                    let (c, s) = (cosines[twiddle], sines[twiddle])
                    let a = start + offset
                    let b = a + half
                    let tr = real[b] * c - imaginary[b] * s
                    let ti = real[b] * s + imaginary[b] * c
                    real[b] = real[a] - tr
                    imaginary[b] = imaginary[a] - ti
                    real[a] += tr
                    imaginary[a] += ti
                }
                start += length
            }
            length *= 2
        }
        return (0...(size / 2)).map { real[$0] * real[$0] + imaginary[$0] * imaginary[$0] }
    }
}
