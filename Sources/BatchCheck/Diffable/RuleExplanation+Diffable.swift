/// The explanations of the diffable snapshot rules, for
/// `RuleExplanation.diffable`: UIKit's checks on the calls that edit an
/// `NSDiffableDataSourceSnapshot` (S1 ... S11), its identifier checks at
/// apply (S12, S13), BatchCheck's warning (Q1), and a section snapshot's
/// rules (SS1 ... SS5).
///
/// C1 and C2 are not repeated here: they are the batch table's, and mean
/// for a snapshot what they mean for a batch (the rows shown are wrong; a
/// changed row was not refreshed). `profiles` holds, for these rules, the
/// iOS versions and SDKs a rule depends on.
extension RuleExplanation {
  /// Every diffable rule, in order: `S1` ... `S13`, `Q1`, `SS1` ... `SS5`.
  ///
  /// The examples are lines of `Corpus/snapshot.jsonl`, without their names.
  package static let diffable: [RuleExplanation] =
    snapshotIDs + snapshotLookups + snapshotApply + sectionSnapshotRules

  /// S1 ... S4: the ids a call adds or names.
  static let snapshotIDs: [RuleExplanation] = [
    RuleExplanation(
      id: "S1", title: "The ids of one call must be unique",
      condition:
        "A call names the same id twice: two equal item ids in appendItems, insertItems, deleteItems, reloadItems or reconfigureItems, or two equal section ids in appendSections, insertSections, deleteSections or reloadSections. UIKit checks this first, before it looks at the snapshot, so even a deleteItems of an unknown id raises when the id is given twice. The text lists each repeated id once, in the order its repeats are found, and says \"section\" for section ids.",
      textSource: .uikit,
      texts: [
        "Fatal: supplied item identifiers are not unique. Duplicate identifiers: %@",
        "Fatal: supplied section identifiers are not unique. Duplicate identifiers: %@",
      ],
      example:
        #"{"contract":"snapshot","start":"empty","old":[],"calls":[{"op":"appendSections","ids":["S"]},{"op":"appendItems","ids":["a","b","a"]}],"expect":{"verdict":"exception","rule":"S1","call":1,"message":"Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    a\n)}"}}"#,
      note: "A builder appends a twice in one call (call 1).",
      profiles:
        "Diffable data sources exist from iOS 13. iOS 13 printed a shorter text, \"Fatal: supplied identifiers are not unique.\", and a later release (probably iOS 14; the era is inferred) \"Fatal: supplied section identifiers are not unique.\" without the list. The text above is iOS 18.2's, whatever SDK the app was built with.",
      certainty:
        "Read in UIKit's iOS 18.2 code, and seen with the same text, item and section forms, in many public crash reports."
    ),
    RuleExplanation(
      id: "S2", title: "An appended or inserted section must be new",
      condition:
        "appendSections or insertSections names a section id the snapshot already holds, from the start or from an earlier call. It comes after S1 (and, for insertSections, after S9 and S6). UIKit stops the app; nothing is added. With several such ids the text gives their number and lists them.",
      textSource: .uikit,
      texts: [
        "Diffable data source detected an attempt to insert or append 1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: %@",
        "Diffable data source detected an attempt to insert or append %ld section identifiers that already exist in the snapshot. Identifiers in a snapshot must be unique. Section identifiers that already exist: %@",
      ],
      example:
        #"{"contract":"snapshot","old":[["S",[]]],"calls":[{"op":"appendSections","ids":["S"]}],"expect":{"verdict":"exception","rule":"S2","call":0,"message":"Diffable data source detected an attempt to insert or append 1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: S"}}"#,
      note: "The snapshot holds section S, and S is appended again.",
      profiles:
        "An app built with an older SDK gets an exception with the same text followed by a breakpoint hint (\"Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS ...\") and the warning that it will become an assert; BatchCheck judges an app built with a current SDK. An earlier release said \"Section identifier count does not match data source count. This is most likely due to a hashing issue with the identifiers.\" iOS 13 let the call through and left the snapshot inconsistent, so a later call failed with \"Invalid parameter not satisfying: dataSourceSnapshot.numberOfSections == sectionIdentifiers.count\".",
      certainty:
        "Read in UIKit's iOS 18.2 code; the older texts and iOS 13's inconsistent state are seen in public reports."
    ),
    RuleExplanation(
      id: "S3", title: "An existing item appended or inserted again is moved, and logged",
      condition:
        "appendItems or insertItems names an item id the snapshot already holds: from the start (an editor working on dataSource.snapshot()) or from an earlier call (a builder that puts one id in two sections). UIKit raises nothing. It logs the text, removes those ids wherever they are, and inserts every id of the call at the destination, in call order: the item moves, even out of its section. BatchCheck's verdict is logged S3 when nothing worse is found (an exception, wrong rows, stale content), and every verdict lists the logs, those written before an exception included.",
      textSource: .uikit,
      texts: [
        "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. Item identifier that already exists: %@",
        "Diffable data source detected an attempt to insert or append %ld item identifiers that already exist in the snapshot. The existing item identifiers will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. Item identifiers that already exist: %@",
      ],
      example:
        #"{"contract":"snapshot","old":[["S",["a","b","c"]]],"calls":[{"op":"appendItems","ids":["a"]}],"new":[["S",["b","c","a"]]],"expect":{"verdict":"logged","rule":"S3","final":[["S",["b","c","a"]]],"logs":[{"rule":"S3","call":0,"message":"Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. Item identifier that already exists: a"}]}}"#,
      note: "a is in S and is appended again: it moves to the end, and UIKit logs it.",
      profiles:
        "UIKit's iOS 18.2 code has no SDK check on this path, so it is a log, never an exception, whatever SDK the app was built with. Public logs of it date from 2024 (iOS 17 and iOS 18), and one of Apple's own sample apps writes it. When it began is not known: what iOS 13 did with an existing item was not found, and the claim that it started with iOS 17 could not be confirmed.",
      certainty:
        "The text and the move were read in UIKit's iOS 18.2 code and are seen in public logs; the first version with this behaviour is unknown. When an editor's snapshot is applied after this one call only, BatchCheck takes it that UIKit re-renders the moved item (its path for a single update), so a changed content is not stale then; that part is inferred."
    ),
    RuleExplanation(
      id: "S4", title: "appendItems needs a section",
      condition:
        "appendItems runs while the snapshot holds no section: a builder that forgot appendSections, or an editor after deleteAllItems, which removes the sections as well as the items. It is the first check of the call.",
      textSource: .uikit,
      texts: ["There are currently no sections in the data source. Please add a section first."],
      example:
        #"{"contract":"snapshot","start":"empty","old":[],"calls":[{"op":"appendItems","ids":["a"]}],"expect":{"verdict":"exception","rule":"S4","call":0,"message":"There are currently no sections in the data source. Please add a section first."}}"#,
      note: "A builder appends an item to an empty snapshot.",
      profiles:
        "No difference between iOS versions or SDKs is known (diffable data sources exist from iOS 13). A backport whose deleteAllItems keeps the sections never reaches it, so code tested only there can crash with S4 on UIKit.",
      certainty:
        "Read in UIKit's iOS 18.2 code; confirmed by an independent reimplementation held to Mac Catalyst's UIKit and by quoted texts."
    ),
  ]

  /// S5 ... S11: ids a call looks up in the snapshot.
  static let snapshotLookups: [RuleExplanation] = [
    RuleExplanation(
      id: "S5", title: "An item's destination must exist",
      condition:
        "appendItems(toSection:) names a section the snapshot does not hold, or insertItems(before:/after:) names an anchor item it does not hold. It comes after S1 and, for insertItems, after S9: an anchor that is one of the inserted ids is S9 even when it is unknown.",
      textSource: .uikit,
      texts: ["Invalid parameter not satisfying: section != NSNotFound"],
      example:
        #"{"contract":"snapshot","old":[["S",["a"]]],"calls":[{"op":"appendItems","ids":["b"],"section":"T"}],"expect":{"verdict":"exception","rule":"S5","call":0,"message":"Invalid parameter not satisfying: section != NSNotFound"}}"#,
      note: "The item goes to section T, which the snapshot does not hold.",
      profiles:
        "No difference between iOS versions or SDKs is known. An older note gives \"Invalid section. Did you forget to create one?\" for a missing section; in iOS 18.2 that text comes after this assertion and is never reached.",
      certainty:
        "Read in UIKit's iOS 18.2 code; confirmed by an independent reimplementation held to Mac Catalyst's UIKit."
    ),
    RuleExplanation(
      id: "S6", title: "A section's insertion anchor must exist",
      condition:
        "insertSections(before:/after:) names an anchor section the snapshot does not hold. It comes after S1 and S9 and before S2, so inserting an existing section next to a missing one is S6.",
      textSource: .uikit,
      texts: ["Invalid parameter not satisfying: insertIndex != NSNotFound"],
      example:
        #"{"contract":"snapshot","old":[["S",[]]],"calls":[{"op":"insertSections","ids":["T"],"before":"Z"}],"expect":{"verdict":"exception","rule":"S6","call":0,"message":"Invalid parameter not satisfying: insertIndex != NSNotFound"}}"#,
      note: "Section T is inserted before Z, which the snapshot does not hold.",
      profiles: "No difference between iOS versions or SDKs is known.",
      certainty: "Read in UIKit's iOS 18.2 code; an older quoted text agrees."
    ),
    RuleExplanation(
      id: "S7", title: "A move's source and destination must exist",
      condition:
        "moveItem or moveSection names an id the snapshot does not hold, as the id moved (fromIndex, fromSection) or as the anchor (toIndex, toSection). The source is checked first. A move onto itself is S8, which is checked before.",
      textSource: .uikit,
      texts: [
        "Invalid parameter not satisfying: fromIndex != NSNotFound",
        "Invalid parameter not satisfying: toIndex != NSNotFound",
        "Invalid parameter not satisfying: fromSection != NSNotFound",
        "Invalid parameter not satisfying: toSection != NSNotFound",
      ],
      example:
        #"{"contract":"snapshot","old":[["S",["a","b"]]],"calls":[{"op":"moveItem","id":"z","before":"a"}],"expect":{"verdict":"exception","rule":"S7","call":0,"message":"Invalid parameter not satisfying: fromIndex != NSNotFound"}}"#,
      note: "The item moved, z, is not in the snapshot.",
      profiles: "No difference between iOS versions or SDKs is known.",
      certainty:
        "Read in UIKit's iOS 18.2 code; confirmed by an independent reimplementation held to Mac Catalyst's UIKit and by an older quoted text."
    ),
    RuleExplanation(
      id: "S8", title: "No move onto itself",
      condition:
        "moveItem(x, before:/after: x) or moveSection(s, before:/after: s): the anchor is the id moved. UIKit checks it when it builds the update, so it wins over S7, even for an unknown id. The text ends with UIKit's description of the update, whose address BatchCheck prints as 0x0 (expectations match the text before it). A move to the place an item already has (before the item that follows it) is not this: it does nothing, silently.",
      textSource: .uikit,
      texts: [
        "Invalid update: destination for item move is the same as the source [%@] for update: %@.",
        "Invalid update: destination for section move is the same as the source [%@] for update: %@.",
      ],
      example:
        #"{"contract":"snapshot","old":[["S",["a","b"]]],"calls":[{"op":"moveItem","id":"a","after":"a"}],"expect":{"verdict":"exception","rule":"S8","call":0,"message":"Invalid update: destination for item move is the same as the source [a] for update: <_UIDiffableDataSourceUpdate"}}"#,
      note: "a is moved after itself.",
      profiles: "No difference between iOS versions or SDKs is known.",
      certainty: "Read in UIKit's iOS 18.2 code and seen in a public issue."
    ),
    RuleExplanation(
      id: "S9", title: "An insert's anchor must not be one of the inserted ids",
      condition:
        "insertItems(ids, before:/after: x) with x among ids, or insertSections the same way. UIKit checks it when it builds the update, right after S1, so it wins over a missing anchor (S5, S6). The section text has no final period, as UIKit's has none.",
      textSource: .uikit,
      texts: [
        "Invalid update: destination for insertion operation [%@] is in the insertion identifier list for update: %@.",
        "Invalid update: destination for section operation [%@] is in the inserted section list for update: %@",
      ],
      example:
        #"{"contract":"snapshot","old":[["S",["a"]]],"calls":[{"op":"insertItems","ids":["x","y"],"after":"y"}],"expect":{"verdict":"exception","rule":"S9","call":0,"message":"Invalid update: destination for insertion operation [y] is in the insertion identifier list for update: <_UIDiffableDataSourceUpdate"}}"#,
      note: "x and y are inserted after y, one of themselves (y is not in the snapshot either).",
      profiles: "No difference between iOS versions or SDKs is known.",
      certainty:
        "Read in UIKit's iOS 18.2 code; confirmed by an independent reimplementation held to Mac Catalyst's UIKit and by an older quoted text."
    ),
    RuleExplanation(
      id: "S10", title: "Reloaded and reconfigured ids must exist",
      condition:
        "reloadItems, reconfigureItems or reloadSections names an id the snapshot does not hold; the text names the first unknown one, in list order. A reload of an id that a later call deletes is not this: the mark stays, and the apply skips it silently.",
      textSource: .uikit,
      texts: [
        "Attempted to reload item identifier that does not exist in the snapshot: %@",
        "Attempted to reconfigure item identifier that does not exist in the snapshot: %@",
        "Attempted to reload section identifier that does not exist in the snapshot: %@",
      ],
      example:
        #"{"contract":"snapshot","old":[["S",["a"]]],"calls":[{"op":"reloadItems","ids":["a","z"]}],"expect":{"verdict":"exception","rule":"S10","call":0,"message":"Attempted to reload item identifier that does not exist in the snapshot: z"}}"#,
      note: "a exists, z does not.",
      profiles:
        "reconfigureItems exists from iOS 15. An older text for sections was \"Invalid section identifier for reload specified: Z\" (its era is inferred). The iOS 18.2 texts do not depend on the SDK.",
      certainty: "Read in UIKit's iOS 18.2 code and seen in public reports."
    ),
    RuleExplanation(
      id: "S11", title: "A per-section query needs an existing section",
      condition:
        "numberOfItems(inSection:) or itemIdentifiers(inSection:) names a section the snapshot does not hold. The other queries are silent: indexOfItem, indexOfSection and sectionIdentifier(containingItem:) answer nil for an unknown id, and indexOfItem counts across sections. A case with \"apply\":\"none\" runs its calls without applying them.",
      textSource: .uikit,
      texts: [
        "Section identifier was not found. You can verify the section exists by calling the indexOfSectionIdentifier API (which has O(1) performance)"
      ],
      example:
        #"{"contract":"snapshot","apply":"none","old":[["S",["a"]]],"calls":[{"op":"numberOfItems","section":"T"}],"expect":{"verdict":"exception","rule":"S11","call":0,"message":"Section identifier was not found. You can verify the section exists by calling the indexOfSectionIdentifier API (which has O(1) performance)"}}"#,
      note: "The count of section T is asked for; the snapshot holds only S.",
      profiles:
        "itemIdentifiers(inSection:) depends on the SDK the app was built with: with an old SDK it answers [] for an unknown section, and it raises since iOS 14 (reported as \"no longer returns an empty array\"). BatchCheck judges an app built with a current SDK. numberOfItems(inSection:) raises either way.",
      certainty:
        "Read in UIKit's iOS 18.2 code. The SDK check's version is not in the code; iOS 14 comes from public reports."
    ),
  ]

  /// S12, S13 and Q1: what the apply finds.
  static let snapshotApply: [RuleExplanation] = [
    RuleExplanation(
      id: "S12", title: "Equal ids must have equal hashes",
      condition:
        "At apply, two ids are equal under == but have different hash values: two ids of the applied snapshot (its items, then its sections), or an id of the table before and an id of the snapshot. The text names the first pair found. The fault is in the id type's Hashable conformance, not in a call, so the verdict names no call. A case file writes such an id {\"eq\": v, \"hash\": n}. BatchCheck does not check it when the snapshot is applied with reloadData.",
      textSource: .uikit,
      texts: [
        "Diffable data source detected item identifiers that are equal but have different hash values. Two identifiers which compare as equal must return the same hash value. You must fix this in the Hashable (Swift) or hash property (Objective-C) implementation for the type of these identifiers. Identifiers that are equal but have different hash values: (%@) and (%@)",
        "Diffable data source detected section identifiers that are equal but have different hash values. Two identifiers which compare as equal must return the same hash value. You must fix this in the Hashable (Swift) or hash property (Objective-C) implementation for the type of these identifiers. Identifiers that are equal but have different hash values: (%@) and (%@)",
      ],
      example:
        #"{"contract":"snapshot","start":"empty","old":[],"calls":[{"op":"appendSections","ids":["S"]},{"op":"appendItems","ids":[{"eq":"a","hash":1},{"eq":"a","hash":2}]}],"new":[["S",[{"eq":"a","hash":1},{"eq":"a","hash":2}]]],"expect":{"verdict":"exception","rule":"S12","message":"Diffable data source detected item identifiers that are equal but have different hash values. Two identifiers which compare as equal must return the same hash value."}}"#,
      note:
        "Two ids are equal (both a) but hash to 1 and 2. The calls pass, since ids are told apart by equality and hash together, as in an ordered set (inferred); the apply raises.",
      profiles:
        "It raises for apps built with the iOS 15 SDK or later (reported as introduced when compiling against iOS 15). With an older SDK the text is followed by a breakpoint hint and the warning that it will become an assert.",
      certainty:
        "The check and its text were read in UIKit's iOS 18.2 code and are seen in public reports. Where UIKit calls the check was not found: that it runs at every animated apply, over the pairs above and in that order, is inferred, and so is the skip under reloadData."
    ),
    RuleExplanation(
      id: "S13", title: "An id must equal itself and keep its hash",
      condition:
        "At apply, an id is not equal to itself under ==, or its hash value changes from one call to the next. It is checked before S12, over the same ids. Only Swift code can show it: a SimulatedSnapshot of the app's own id type, or BatchCheck's identifier checks fed values of that type.",
      textSource: .uikit,
      texts: [
        "Diffable data source detected an item identifier that is not equal to itself. An identifier must always compare as equal to itself. You must fix this in the Hashable (Swift) or isEqual: (Objective-C) implementation for the type of this identifier. Identifier that is not equal to itself: (%@)",
        "Diffable data source detected an item identifier whose hash value changed. The hash value of an identifier cannot change once it has been added to a snapshot. You must fix this in the Hashable (Swift) or hash property (Objective-C) implementation for the type of this identifier. Identifier whose hash value changed: (%@)",
      ],
      example: nil,
      note:
        "No case line can show it: the case format's ids (strings, integers and {\"eq\", \"hash\"} values) always equal themselves and keep their hash.",
      profiles: "As S12: it raises for apps built with the iOS 15 SDK or later.",
      certainty:
        "The checks and the first sentence of each text (for a changed hash, the first two) were read in UIKit's iOS 18.2 code; the rest of each text is BatchCheck's guess, worded after S12's. The texts name section ids \"section\" where they say \"item\"."
    ),
    RuleExplanation(
      id: "Q1", title: "Identity churn: a row changed its id (a warning)",
      condition:
        "A row present before and after, matched by its key (`key` in a case; its id when none is given), has another item id after: typically an id that embeds the content, such as 1-Updated for 1-Test. UIKit deletes the row's cell and inserts a new one, where a stable id and reconfigureItems would keep the cell. BatchCheck gives one warning per such row, naming its key and both ids. A warning never changes the verdict.",
      textSource: .batchCheck,
      texts: [
        "the row with key %@ changed its id from %@ to %@: UIKit deletes its cell and inserts a new one where reconfigureItems would keep it"
      ],
      example:
        #"{"contract":"snapshot","start":"empty","old":[["S",[{"key":1,"id":"1-Test"}]]],"calls":[{"op":"appendSections","ids":["S"]},{"op":"appendItems","ids":["1-Updated"]}],"new":[["S",[{"key":1,"id":"1-Updated"}]]],"expect":{"verdict":"valid","warnings":[{"rule":"Q1"}]}}"#,
      note:
        "The row with key 1 was 1-Test and is 1-Updated: the snapshot is right, and the row churns.",
      profiles:
        "No difference between iOS versions. reconfigureItems, the usual remedy, needs iOS 15.",
      certainty:
        "BatchCheck's own warning, about work UIKit does rather than a failure; users of other diffing libraries report the same cost. That UIKit replaces the cell follows from its diff, which compares ids only."
    ),
  ]

  /// SS1 ... SS5: a section snapshot's calls (`NSDiffableDataSourceSectionSnapshot`).
  static let sectionSnapshotRules: [RuleExplanation] = [
    RuleExplanation(
      id: "SS1", title: "A section snapshot's ids must be unique in the whole tree",
      condition:
        "append or insert names an id already anywhere in the tree (under another parent too), or the same id twice in one call. UIKit raises and inserts nothing. The text lists each repeated id once, in the order its repeat is found. BatchCheck checks the parent or anchor first (SS2, SS3), then uniqueness: the order of the two within one call was not read, and is inferred.",
      textSource: .uikit,
      texts: ["Identifiers in a section snapshot must be unique. Duplicate item identifiers: %@"],
      example:
        #"{"contract":"sectionSnapshot","calls":[{"op":"append","ids":["p","q"]},{"op":"append","ids":["c"],"parent":"p"},{"op":"append","ids":["c"],"parent":"q"}],"expect":{"verdict":"exception","rule":"SS1","call":2,"message":"Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    c\n)}"}}"#,
      note: "c is appended under p, then again under q (call 2).",
      profiles:
        "Section snapshots exist from iOS 14. The text is iOS 18.2's.",
      certainty:
        "The text was read in UIKit's iOS 18.2 code and is seen in public reports; the order of SS1 against SS2 and SS3 within one call is inferred."
    ),
    RuleExplanation(
      id: "SS2", title: "A section snapshot's insertion anchor must exist",
      condition:
        "insert(_:before:) or insert(_:after:) names an anchor the tree does not hold. A call with an empty list does nothing, even with an unknown anchor.",
      textSource: .uikit,
      texts: [
        "Item identifier to insert before does not exist in section snapshot: %@",
        "Item identifier to insert after does not exist in section snapshot: %@",
      ],
      example:
        #"{"contract":"sectionSnapshot","calls":[{"op":"append","ids":["a"]},{"op":"insert","ids":["x"],"before":"zz"}],"expect":{"verdict":"exception","rule":"SS2","call":1,"message":"Item identifier to insert before does not exist in section snapshot: zz"}}"#,
      note: "x is inserted before zz, which the tree does not hold.",
      profiles: "Section snapshots exist from iOS 14. The text is iOS 18.2's.",
      certainty: "Read in UIKit's iOS 18.2 code."
    ),
    RuleExplanation(
      id: "SS3", title: "A section snapshot's parent must exist",
      condition:
        "append(_:to:) names a parent the tree does not hold; snapshot(of:) and replace(childrenOf:using:) raise the same for an unknown parent. A call with an empty list does nothing, even with an unknown parent.",
      textSource: .uikit,
      texts: ["Parent item identifier does not exist in section snapshot: %@"],
      example:
        #"{"contract":"sectionSnapshot","calls":[{"op":"append","ids":["c"],"parent":"zz"}],"expect":{"verdict":"exception","rule":"SS3","call":0,"message":"Parent item identifier does not exist in section snapshot: zz"}}"#,
      note: "c is appended under zz, which the tree does not hold.",
      profiles: "Section snapshots exist from iOS 14. The text is iOS 18.2's.",
      certainty: "Read in UIKit's iOS 18.2 code."
    ),
    RuleExplanation(
      id: "SS4", title: "A section snapshot deletes only ids it holds",
      condition:
        "delete names an id the tree does not hold. Unlike a snapshot, which ignores unknown ids, a section snapshot raises, before it deletes anything. With several unknown ids BatchCheck names the first in the call (inferred). Deleting a parent deletes its children, and a deleted item leaves the expanded set.",
      textSource: .uikit,
      texts: ["Failed to find index of item %@"],
      example:
        #"{"contract":"sectionSnapshot","calls":[{"op":"append","ids":["a"]},{"op":"delete","ids":["z"]}],"expect":{"verdict":"exception","rule":"SS4","call":1,"message":"Failed to find index of item z"}}"#,
      note: "z is deleted, but the tree holds only a.",
      profiles:
        "Section snapshots exist from iOS 14. In 2021 UIKit only logged this; today it raises.",
      certainty:
        "Read in UIKit's iOS 18.2 code and seen in public reports; which id is named among several unknown ones is inferred."
    ),
    RuleExplanation(
      id: "SS5", title: "A section snapshot answers only for ids it holds",
      condition:
        "isExpanded, isVisible, level(of:) or parent(of:) asks about an id the tree does not hold. contains and index(of:) answer false and nil instead, and expand and collapse ignore unknown ids.",
      textSource: .uikit,
      texts: [
        "Item identifier does not exist in section snapshot: %@",
        "Child item identifier does not exist in section snapshot: %@",
      ],
      example:
        #"{"contract":"sectionSnapshot","calls":[{"op":"append","ids":["a"]},{"op":"level","id":"z"}],"expect":{"verdict":"exception","rule":"SS5","call":1,"message":"Item identifier does not exist in section snapshot: z"}}"#,
      note: "The level of z is asked, but the tree holds only a.",
      profiles: "Section snapshots exist from iOS 14. The texts are iOS 18.2's.",
      certainty: "Read in UIKit's iOS 18.2 code."
    ),
  ]
}
