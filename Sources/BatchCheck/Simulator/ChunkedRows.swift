/// What applying a step needs of one section's rows: its count, reading and
/// replacing a row, inserting and removing one. `[Row]` has it, and so has
/// `ChunkedRows`, which does it without shifting the whole section.
protocol StepRows {
  /// The rows of a section a step inserts.
  init(_ rows: [Row])
  /// The number of rows.
  var count: Int { get }
  /// The row at `position`, `0 <= position < count`.
  subscript(position: Int) -> Row { get set }
  /// Inserts `row` so that it ends up at `index`, `0 <= index <= count`.
  mutating func insert(_ row: Row, at index: Int)
  /// Removes and returns the row at `index`, `0 <= index < count`.
  @discardableResult mutating func remove(at index: Int) -> Row
}

extension Array: StepRows where Element == Row {}

/// The rows of one section, in chunks of at most `chunkLimit` rows, with a
/// Fenwick tree over the chunks' sizes, so that inserting or removing a row
/// in the middle of a long section finds its chunk in O(log *c*) and moves at
/// most one chunk's rows instead of every row after it.
///
///     var rows = ChunkedRows((0..<1_000_000).map { Row(.int($0)) })
///     rows.remove(at: 0)             // shifts at most 1,024 rows, not 999,999
///     rows.insert(Row("x"), at: 10)
///     rows.rows.prefix(2)            // [1, 2]
///
/// Steps need it because the sequential contract applies each change to the
/// data the previous one left: applied to a plain array, *k* steps on *n*
/// rows cost O(*k* × *n*), hours for 100,000 steps on a million rows.
///
/// - Complexity: each insert, remove or replacement is O(log *c* +
///   `chunkLimit`) amortized, where *c* is the number of chunks: a chunk is
///   split or dropped (rebuilding the tree, O(*c*)) only after at least
///   `chunkLimit` / 2 inserts into it or removes from it.
struct ChunkedRows: StepRows {
  /// The most rows a chunk holds; a chunk that grows past it is split in two.
  static let chunkLimit = 1_024

  /// The rows, in order, chunk by chunk; no chunk is empty.
  private var chunks: [[Row]] = []
  /// The Fenwick tree over the chunks' sizes, 1-based: `tree[i]` holds the
  /// sum of the sizes of chunks `i - (i & -i) ..< i`; empty for at most one
  /// chunk.
  private var tree: [Int] = []
  /// The number of rows.
  private(set) var count = 0
  /// Elementary steps so far: tree nodes visited, rows shifted inside a
  /// chunk, and rows and chunks copied or rebuilt. Tests read it to prove
  /// the cost of steps by counting.
  private(set) var work = 0

  /// Holds `rows` as they are when they fit in one chunk (no copy, and no
  /// allocation for an empty section), else in half-full chunks, which leave
  /// room to grow.
  ///
  /// - Complexity: O(*n*), where *n* is the number of rows.
  init(_ rows: [Row]) {
    count = rows.count
    work = rows.count
    guard rows.count > Self.chunkLimit else {
      if !rows.isEmpty { chunks = [rows] }
      return
    }
    var start = 0
    while start < rows.count {
      let end = min(start + Self.chunkLimit / 2, rows.count)
      chunks.append(Array(rows[start..<end]))
      start = end
    }
    rebuildTree()
  }

  /// The rows, in order, as one array.
  ///
  /// - Complexity: O(*n*), where *n* is the number of rows; O(1) for at
  ///   most one chunk.
  var rows: [Row] {
    guard chunks.count > 1 else { return chunks.first ?? [] }
    var result: [Row] = []
    result.reserveCapacity(count)
    for chunk in chunks { result += chunk }
    return result
  }

  /// Builds the tree from the chunks' sizes; at most one chunk needs none.
  ///
  /// - Complexity: O(*c*), where *c* is the number of chunks.
  private mutating func rebuildTree() {
    guard chunks.count > 1 else {
      tree = []
      return
    }
    tree = [0] + chunks.map(\.count)
    for node in tree.indices.dropFirst() {
      let parent = node + (node & -node)
      if parent < tree.count { tree[parent] += tree[node] }
    }
    work += tree.count
  }

  /// Adds `delta` to the size of `chunk` in the tree.
  private mutating func add(_ delta: Int, toChunk chunk: Int) {
    var node = chunk + 1
    while node < tree.count {
      work += 1
      tree[node] += delta
      node += node & -node
    }
  }

  /// The chunk holding row `index` and the row's offset in it; for
  /// `index == count`, the end of the last chunk. `visited` is the number
  /// of tree nodes looked at.
  private func locate(_ index: Int) -> (chunk: Int, offset: Int, visited: Int) {
    guard chunks.count > 1 else { return (0, index, 1) }
    var node = 0
    var offset = index
    var visited = 0
    var stride = 1
    while stride * 2 < tree.count { stride *= 2 }
    while stride > 0 {
      visited += 1
      if node + stride < tree.count, tree[node + stride] <= offset {
        node += stride
        offset -= tree[node]
      }
      stride /= 2
    }
    // `node` chunks hold rows before `index`: it lies in chunk `node`.
    if node == chunks.count { return (node - 1, chunks[node - 1].count, visited) }
    return (node, offset, visited)
  }

  subscript(position: Int) -> Row {
    get {
      let (chunk, offset, _) = locate(position)
      return chunks[chunk][offset]
    }
    set {
      let (chunk, offset, visited) = locate(position)
      work += visited
      chunks[chunk][offset] = newValue
    }
  }

  mutating func insert(_ row: Row, at index: Int) {
    count += 1
    guard !chunks.isEmpty else {
      chunks = [[row]]
      rebuildTree()
      return
    }
    let (chunk, offset, visited) = locate(index)
    work += visited + chunks[chunk].count - offset
    chunks[chunk].insert(row, at: offset)
    guard chunks[chunk].count > Self.chunkLimit else {
      add(1, toChunk: chunk)
      return
    }
    // Split: the second half becomes a chunk of its own.
    let half = chunks[chunk].count / 2
    chunks.insert(Array(chunks[chunk][half...]), at: chunk + 1)
    chunks[chunk].removeSubrange(half...)
    work += half + chunks.count
    rebuildTree()
  }

  @discardableResult mutating func remove(at index: Int) -> Row {
    count -= 1
    let (chunk, offset, visited) = locate(index)
    work += visited + chunks[chunk].count - offset
    let row = chunks[chunk].remove(at: offset)
    if chunks[chunk].isEmpty {
      chunks.remove(at: chunk)
      work += chunks.count
      rebuildTree()
    } else {
      add(-1, toChunk: chunk)
    }
    return row
  }
}
