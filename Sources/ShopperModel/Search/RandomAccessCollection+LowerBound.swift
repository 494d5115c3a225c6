extension RandomAccessCollection where Index == Int {
    /// The first index whose element is not `precedes` the sought one, in an array sorted so that
    /// all elements for which `precedes` holds come first (binary search).
    func lowerBound(_ precedes: (Element) -> Bool) -> Int {
        var lo = startIndex, hi = endIndex
        while lo < hi {
            let mid = (lo + hi) / 2
            if precedes(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
