/// The model a snapshot check hands your snapshot code: sections, each an
/// id and rows; a row is a key, an item id and a content.
///
///     let model = SnapshotCheckModel(sections: [
///       .init(id: 0, rows: [.init(key: "a"), .init(key: "b", content: 1)]),
///       .init(id: 1, rows: []),
///     ])
///     model.description  // [[0,["a",{"id":"b","content":1}]],[1,[]]]
///
/// The engine makes models from its random (old, new) pairs of rows and
/// from every small pair, so they hold what real feeds hold on a bad day:
/// an item id twice in one section or in two sections, a section id twice,
/// empty sections, no sections at all, and rows whose content changed while
/// their key stayed. The old model is the applied state and so never repeats
/// an id (each section id and item id is kept at its first occurrence); the
/// new one is passed as generated. Map the model to your own types:
/// `key` names the row across states, `id` is the item id your snapshot
/// holds (the key, or with `SnapshotCheckOptions.contentInIdentity` the key
/// and the content, as `"a-1"`), and `content` says which version of the
/// row the cell shows (0 the first, 1 and up changed ones).
///
/// - Complexity: `rows` and `description` are O(*n*) in the rows.
public struct SnapshotCheckModel: Hashable, Sendable, CustomStringConvertible {
  /// One row: its key, its item id and the version of its content.
  public struct Row: Hashable, Sendable {
    /// The row's name across states (`"a"`, `"b"`, ...): what stays when
    /// its content changes.
    public var key: String
    /// The item id: `key`, or `"key-content"` when content is part of the
    /// identity (`SnapshotCheckOptions.contentInIdentity`).
    public var id: String
    /// Which version of the row the cell shows: 0, or a changed one (1, 2...).
    public var content: Int

    /// A row; its id is its key unless given.
    public init(key: String, id: String? = nil, content: Int = 0) {
      self.key = key
      self.id = id ?? key
      self.content = content
    }
  }

  /// One section: its id and its rows, in order.
  public struct Section: Hashable, Sendable {
    /// The section id (`0`, `1`, ...).
    public var id: Int
    /// The rows, in order.
    public var rows: [Row]

    /// A section.
    public init(id: Int, rows: [Row]) {
      self.id = id
      self.rows = rows
    }
  }

  /// The sections, in order.
  public var sections: [Section]

  /// A model of these sections.
  public init(sections: [Section]) {
    self.sections = sections
  }

  /// Every row, section after section.
  public var rows: [Row] { sections.flatMap(\.rows) }

  /// The model in the case-file form of sections: `[[0,["a","b"]],[1,[]]]`;
  /// a row whose content is 0 and whose id is its key is written as its id.
  public var description: String {
    SnapshotCaseJSON.sections(
      sections.map { section in
        SnapshotSection(
          id: .integer(section.id),
          rows: section.rows.map {
            SnapshotRow(
              id: .string($0.id), content: $0.content == 0 ? nil : .int($0.content),
              key: $0.id == $0.key ? nil : .string($0.key))
          })
      })
  }

  /// The model as a snapshot can hold it: each section id at its first
  /// occurrence (a repeated section is dropped with its rows), each item
  /// id at its first occurrence.
  ///
  /// - Complexity: O(*n*) in the rows and sections.
  public var firstOccurrences: SnapshotCheckModel {
    var sectionIDs = Set<Int>()
    var itemIDs = Set<String>()
    return SnapshotCheckModel(
      sections: sections.compactMap { section in
        guard sectionIDs.insert(section.id).inserted else { return nil }
        return Section(
          id: section.id, rows: section.rows.filter { itemIDs.insert($0.id).inserted })
      })
  }

  /// The same model with every id made from its key and content:
  /// `"key-content"` when `contentInIdentity`, else the key.
  func identified(contentInIdentity: Bool) -> SnapshotCheckModel {
    var model = self
    for section in model.sections.indices {
      for row in model.sections[section].rows.indices {
        let current = model.sections[section].rows[row]
        model.sections[section].rows[row].id = Self.identity(
          key: current.key, content: current.content, contentInIdentity: contentInIdentity)
      }
    }
    return model
  }

  /// A row's item id: the key, or `key-content`.
  static func identity(key: String, content: Int, contentInIdentity: Bool) -> String {
    contentInIdentity ? "\(key)-\(content)" : key
  }
}
