/// The first index in `low..<high` at which `isBefore` is false, for a
/// predicate that is true on a prefix of the range and false after it.
/// - Complexity: O(log(*high* - *low*)) calls of `isBefore`, each counted.
func partitionPoint(
  from low: Int, to high: Int, counter: inout OperationCounter, _ isBefore: (Int) -> Bool
) -> Int {
  var low = low
  var high = high
  while low < high {
    counter.add()
    let mid = low + (high - low) / 2
    if isBefore(mid) { low = mid + 1 } else { high = mid }
  }
  return low
}
