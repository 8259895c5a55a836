// UIKit's views satisfy the seam as they are: every requirement is one of
// their own members. Compiled only on Apple platforms with UIKit (iOS,
// tvOS, Mac Catalyst, visionOS); on Linux the harness views take their place.
#if canImport(UIKit) && !os(watchOS)
  import UIKit

  /// `UITableView` is a ``BatchTableView`` as it is (Apple platforms only).
  extension UITableView: BatchTableView {}

  /// `UITableView` reconfigures rows from iOS 15 on (Apple platforms only).
  @available(iOS 15, tvOS 15, *)
  extension UITableView: ReconfiguringTableView {}

  /// `UITableView.RowAnimation` has every animation as a case (Apple
  /// platforms only).
  extension UITableView.RowAnimation: BatchRowAnimation {}

  /// `UICollectionView` is a ``BatchCollectionView`` as it is (Apple
  /// platforms only).
  extension UICollectionView: BatchCollectionView {}

  /// `UICollectionView` reconfigures items from iOS 15 on (Apple platforms
  /// only).
  @available(iOS 15, tvOS 15, *)
  extension UICollectionView: ReconfiguringCollectionView {}
#endif
