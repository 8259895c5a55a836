import BatchCheck
import BatchCheckHarness
import Foundation
import ReferenceDiffs

// A library's apply code as it would write it once for UIKit and the
// harness: generic over the seam, in BatchCheck's words (a staged
// changeset of `Stage`s, each a `BatchUpdate` with the data it leads to),
// shaped like DifferenceKit's `reload(using:with:interrupt:setData:)`.

extension BatchTableView {
  /// Applies `stages` in order, each in a block of its own that sets the
  /// stage's data first; out of a window (or when `interrupt` says so) sets
  /// the last stage's data and reloads instead.
  func reload(
    using stages: [Stage], with animation: RowAnimation,
    interrupt: ((Stage) -> Bool)? = nil, setData: ([[Row]]) -> Void
  ) {
    if case .none = window, let data = stages.last?.data {
      setData(data)
      return reloadData()
    }
    for stage in stages {
      if let interrupt, interrupt(stage), let data = stages.last?.data {
        setData(data)
        return reloadData()
      }
      performBatchUpdates {
        setData(stage.data)
        apply(stage.update, with: animation)
      }
    }
  }

  /// The calls of `update`, sections first.
  func apply(_ update: BatchUpdate, with animation: RowAnimation) {
    if !update.deleteSections.isEmpty {
      deleteSections(IndexSet(update.deleteSections), with: animation)
    }
    if !update.insertSections.isEmpty {
      insertSections(IndexSet(update.insertSections), with: animation)
    }
    if !update.reloadSections.isEmpty {
      reloadSections(IndexSet(update.reloadSections), with: animation)
    }
    for move in update.moveSections { moveSection(move.from, toSection: move.to) }
    if !update.deleteRows.isEmpty {
      deleteRows(at: update.deleteRows.map(\.indexPath), with: animation)
    }
    if !update.insertRows.isEmpty {
      insertRows(at: update.insertRows.map(\.indexPath), with: animation)
    }
    if !update.reloadRows.isEmpty {
      reloadRows(at: update.reloadRows.map(\.indexPath), with: animation)
    }
    for move in update.moveRows { moveRow(at: move.from.indexPath, to: move.to.indexPath) }
  }
}

extension BatchCollectionView {
  /// The collection view's twin of the table's staged reload.
  func reload(using stages: [Stage], setData: ([[Row]]) -> Void) {
    if case .none = window, let data = stages.last?.data {
      setData(data)
      return reloadData()
    }
    for stage in stages {
      performBatchUpdates {
        setData(stage.data)
        if !stage.update.deleteSections.isEmpty {
          deleteSections(IndexSet(stage.update.deleteSections))
        }
        if !stage.update.insertSections.isEmpty {
          insertSections(IndexSet(stage.update.insertSections))
        }
        for move in stage.update.moveSections { moveSection(move.from, toSection: move.to) }
        if !stage.update.deleteRows.isEmpty {
          deleteItems(at: stage.update.deleteRows.map(\.indexPath))
        }
        if !stage.update.insertRows.isEmpty {
          insertItems(at: stage.update.insertRows.map(\.indexPath))
        }
        if !stage.update.reloadRows.isEmpty {
          reloadItems(at: stage.update.reloadRows.map(\.indexPath))
        }
        for move in stage.update.moveRows {
          moveItem(at: move.from.indexPath, to: move.to.indexPath)
        }
      }
    }
  }
}

extension RowPath {
  /// The path as UIKit's index path.
  var indexPath: IndexPath { IndexPath(row: row, section: section) }
}

/// The reference staged changeset from `old` to `new`: Heckel's diff as
/// DifferenceKit-style stages.
func stages(_ old: [[Row]], _ new: [[Row]]) -> [Stage] {
  HeckelStagedGenerator().stages(from: old, to: new)
}

/// Rows of one section from single-letter values: `rows("abc")`.
func rows(_ values: String...) -> [[Row]] {
  values.map { section in section.map { Row(.string(String($0))) } }
}
