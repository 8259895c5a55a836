/// A naive diff: deletes the values that are gone and inserts the values that
/// are new, each once, and never moves or reloads. Wrong in several ways.
public func naiveDiff<Value: Hashable>(_ old: [Value], _ new: [Value]) -> (deletes: [Int], inserts: [Int]) {
  let oldValues = Set(old)
  let newValues = Set(new)
  var seen = Set<Value>()
  let deletes = old.indices.filter { !newValues.contains(old[$0]) }
  let inserts = new.indices.filter { !oldValues.contains(new[$0]) && seen.insert(new[$0]).inserted }
  return (deletes, inserts)
}
