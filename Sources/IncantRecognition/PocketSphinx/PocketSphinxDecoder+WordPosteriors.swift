import CPocketSphinx
import Foundation

/// Word posteriors from the word lattice of the grammar search just ended (lock held).
extension PocketSphinxDecoder {
    /// For each of `words`, the summed posterior of the lattice links with the same word that
    /// span its middle frame; nil when the search made no lattice. pocketsphinx 0.8's own
    /// posteriors overflow on grammar lattices, so they are computed here by forward and
    /// backward sums over the links' acoustic scores divided by `scale`.
    func latticePosteriors(of words: [WordSegment], frameOffset: Int, scale: Double) -> [Double]? {
        guard let lattice = ps_get_lattice(decoder) else { return nil }
        struct Link {
            var word: String
            var start: Int
            var end: Int
            var source: OpaquePointer
            var target: OpaquePointer
            var score: Double
        }
        var links: [Link] = []
        var next = ps_lattice_traverse_edges(lattice, nil, nil)
        while let current = next {
            var start: Int16 = 0
            let end = ps_latlink_times(current, &start)
            var source: OpaquePointer?
            var acoustic: Int32 = 0
            _ = ps_latlink_prob(lattice, current, &acoustic)
            if let target = ps_latlink_nodes(current, &source), let source,
                let word = ps_latlink_baseword(lattice, current)
            {
                links.append(
                    Link(
                        word: String(cString: word), start: Int(start), end: Int(end), source: source,
                        target: target, score: Double(acoustic) * log(1.0001) / scale))
            }
            next = ps_lattice_traverse_next(lattice, nil)
        }
        guard !links.isEmpty else { return nil }
        links.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        func sum(_ values: [Double]) -> Double {
            guard let top = values.max(), top > -.infinity else { return -.infinity }
            return top + log(values.reduce(0) { $0 + exp($1 - top) })
        }
        let into = Dictionary(grouping: links.indices, by: { links[$0].target })
        let outOf = Dictionary(grouping: links.indices, by: { links[$0].source })
        // Paths run from the first word to the last; a node that starts no path there (a dead
        // end the search left behind) adds nothing.
        let first = links[0].source
        guard let last = links.max(by: { latticeStart(of: $0.target) < latticeStart(of: $1.target) })?.target else {
            return nil
        }
        var forward = [Double](repeating: 0, count: links.count)
        for index in links.indices {
            let before =
                links[index].source == first
                ? 0 : into[links[index].source].map { sum($0.map { forward[$0] }) } ?? -.infinity
            forward[index] = before + links[index].score
        }
        var backward = [Double](repeating: 0, count: links.count)
        for index in links.indices.reversed() {
            backward[index] =
                links[index].target == last
                ? 0 : outOf[links[index].target].map { sum($0.map { links[$0].score + backward[$0] }) } ?? -.infinity
        }
        let total = sum(links.indices.filter { links[$0].source == first }.map { forward[$0] + backward[$0] })
        guard total > -.infinity else { return nil }
        return words.map { segment in
            let middle = (segment.startFrame + segment.endFrame) / 2 - frameOffset
            var share = 0.0
            for index in links.indices
            where links[index].word == segment.word && links[index].start <= middle && middle <= links[index].end {
                share += exp(forward[index] + backward[index] - total)
            }
            return min(1, share)
        }
    }

    /// The first frame of a lattice node's word.
    private func latticeStart(of node: OpaquePointer) -> Int {
        Int(ps_latnode_times(node, nil, nil))
    }
}
