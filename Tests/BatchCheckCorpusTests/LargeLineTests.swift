import Testing

@testable import BatchCheck
@testable import BatchCheckCorpus

/// Lines of a million row moves: read compactly, and a line too big to
/// judge in memory is a data error.
@Suite("Large lines")
struct LargeLineTests {
  /// A case line whose update holds `count` row moves, (0, i) -> (0, i + 1).
  static func movesLine(_ count: Int) -> [UInt8] {
    var text = #"{"old":[[0]],"new":[[0]],"update":{"moveRows":["#
    text += (0..<count).map { "[[0,\($0)],[0,\($0 + 1)]]" }.joined(separator: ",")
    text += "]}}"
    return Array(text.utf8)
  }

  /// The nodes of a parsed tree: a compact array is one node.
  static func nodes(_ node: JSONNode) -> Int {
    switch node.value {
    case .array(let items): return 1 + items.reduce(0) { $0 + nodes($1) }
    case .object(let members): return 1 + members.reduce(0) { $0 + nodes($1.value) }
    default: return 1
    }
  }

  @Test(
    "100,000 row moves parse to a handful of nodes, the moves one compact array of 400,000 integers"
  )
  func compactMoves() throws {
    let bytes = Self.movesLine(100_000)
    let compact = try JSONParser.parse(bytes, compactingIntegers: true)
    #expect(Self.nodes(compact) == 5)
    let tree = try JSONParser.parse(bytes)
    // The root, [[0]] twice, the update, the moves' array, 7 nodes a move.
    #expect(Self.nodes(tree) == 9 + 100_000 * 7)
    guard case .object(let members) = compact.value,
      case .object(let update) = members[2].value.value,
      case .integers(let moves) = update[0].value.value
    else {
      Issue.record("moveRows is not compact")
      return
    }
    #expect(moves.shape == [100_000, 2, 2])
    #expect(moves.values.count == 400_000)
    let read = try Case(jsonLine: String(decoding: bytes, as: UTF8.self))
    #expect(read.update?.moveRows.count == 100_000)
    #expect(
      read.update?.moveRows.last == RowMove(from: RowPath(0, 99_999), to: RowPath(0, 100_000)))
  }

  @Test(
    "compact and tree decoding read the same cases",
    arguments: [
      #"{"old":[[0,1,2],[3,4,5]],"new":[0,"a",{"id":1,"content":2}],"update":{"deleteSections":[1],"insertRows":[[0,1],[0,2]],"moveSections":[[0,1]],"moveRows":[[[0,0],[0,1]]],"reloadRows":[[0,0]]},"visibleRows":[[0,0],[0,1]]}"#,
      #"{"old":[[0,1],[2]],"new":[[1],["a",2]],"update":{"deleteRows":[[0,0],[1,0]]}}"#,
      #"{"old":[1,2,3],"new":[[3,2,1]],"update":{"moveRows":[[[0,0],[0,2]],[[0,2],[0,0]]],"reconfigureRows":[[0,1]]}}"#,
      #"{"contract":"steps","old":[["a"]],"new":[["x",{"id":"a","content":2}]],"steps":[{"insert":[0,1],"row":"x"},{"delete":[0,0]},{"move":[[0,1],[0,0]]},{"update":[0,1],"row":{"id":"a","content":2}}]}"#,
    ])
  func sameCases(line: String) throws {
    let bytes = Array(line.utf8)
    let tree = try CaseDecoder.decodeCase(try JSONParser.parse(bytes))
    #expect(try Case.decode(lineBytes: bytes) == tree)
    #expect(
      try CaseDecoder.decodeCase(try JSONParser.parse(bytes, compactingIntegers: true)) == tree)
  }

  @Test("a compact line's error is the tree's: same column, same message")
  func compactErrors() {
    for line in [
      #"{"old":[],"new":[],"update":{"moveRows":[[[0,0],[0,1]],[[0,0],[0]]]}}"#,
      #"{"old":[],"new":[],"update":{"deleteRows":[[0,0],[0,1,2]]}}"#,
      #"{"old":[[[0]]],"new":[]}"#,
      #"{"old":[],"new":[],"update":{"deleteSections":[[0]]}}"#,
    ] {
      let bytes = Array(line.utf8)
      var treeError: LineError?
      do { _ = try CaseDecoder.decodeCase(try JSONParser.parse(bytes)) } catch { treeError = error }
      var readError: LineError?
      do { _ = try Case.decode(lineBytes: bytes) } catch { readError = error }
      #expect(treeError != nil)
      #expect(readError == treeError, "\(line)")
    }
  }

  @Test("a line over 64 MiB is a data error at its file, line and column 1, before it is parsed")
  func lineTooLong() {
    let limit = CaseDecoder.maxLineBytes
    #expect(limit == 64 << 20)
    let head = Array(#"{"old":[],"new":[],"name":""#.utf8)
    var bytes = Array(#"{"old":[],"new":[]}"#.utf8) + [UInt8(ascii: "\n")] + head
    bytes += [UInt8](repeating: UInt8(ascii: "a"), count: limit - head.count - 1)
    bytes += Array(#""}"#.utf8)
    let records = CaseFile.read(bytes, file: "big.jsonl")
    #expect(records.count == 2)
    guard records.count == 2 else { return }
    #expect(
      records[1].result
        == .failure(
          CaseDataError(
            file: "big.jsonl", line: 2, column: 1,
            message:
              "the line holds \(limit + 1) bytes, more than the \(limit) (64 MiB) a line may hold"))
    )
    // A line of exactly the limit is read.
    #expect(throws: Never.self) { try CaseDecoder.checkLineSize(limit) }
    // A generator's answer is held to the same limit.
    var answer = Array(#"{"deleteRows":[[0,0]"#.utf8)
    answer += [UInt8](repeating: UInt8(ascii: " "), count: limit)
    answer += Array("]}".utf8)
    #expect(throws: LineError.self) { try CaseDecoder.decodeUpdate(lineBytes: answer) }
  }
}
