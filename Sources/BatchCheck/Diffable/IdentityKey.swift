/// An id as a diffable snapshot tells members apart: equal under `==` and
/// with the same hash value (`NSOrderedSet`'s membership). Two ids that are
/// `==` but hash differently are two members here, deterministically, which
/// is how UIKit treats them until the apply's S12 check (inferred: a hash
/// table can also find them equal when their hashes collide).
struct IdentityKey<Value: Hashable>: Hashable {
  let value: Value
  let hash: Int

  init(_ value: Value) {
    self.value = value
    self.hash = value.hashValue
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.value == rhs.value
  }

  func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
