/// The state keys each family observes and suites may expect, with their value types.
public enum StateKeys {
  /// The type of value a key holds.
  public enum ValueType: Sendable {
    /// A whole number.
    case int
    /// A yes/no value.
    case bool
    /// A request name or `none`.
    case requestName
    /// A comma-separated list of record ids.
    case recordList
    /// An optimistic record's value: `on`, `off` or a value the subject declares.
    case recordValue

    /// What a value of the type is, for messages: "a whole number".
    public var noun: String {
      switch self {
      case .int: "a whole number"
      case .bool: "a yes/no value"
      case .requestName: "a request name"
      case .recordList: "a list of record ids"
      case .recordValue: "a record value"
      }
    }
  }

  /// The undo-history keys, in observation order, with what each one means.
  public static let undoHistory: [(key: String, type: ValueType, meaning: String)] = [
    ("value", .int, "the model's value"),
    ("display", .int, "the value the UI layer shows"),
    ("level", .int, "the undo manager's groupingLevel"),
    ("canUndo", .bool, "the undo manager's canUndo"),
    ("canRedo", .bool, "the undo manager's canRedo"),
    ("undoEnabled", .bool, "whether the UI's Undo control is enabled"),
    ("redoEnabled", .bool, "whether the UI's Redo control is enabled"),
    ("undos", .int, "the undo manager's undoCount"),
    ("redos", .int, "the undo manager's redoCount"),
  ]

  /// The undo-history keys of a subject with capability `selection`: per item (written `ID.field`)
  /// and for the selection.
  public static let itemFields: [(key: String, type: ValueType, meaning: String)] = [
    ("value", .int, "the value the model holds for the item"),
    ("display", .int, "the value the UI layer shows for the item"),
  ]

  /// The selection-level undo-history keys of a subject with capability `selection`.
  public static let selectionKeys: [(key: String, type: ValueType, meaning: String)] = [
    ("mixed", .bool, "whether the inspector shows \"mixed\" for the selection"),
    (
      "inspector", .int,
      "the value the inspector shows for the selection (observed as mixed when it shows \"mixed\")"
    ),
  ]

  /// The per-record optimistic-update keys (written `ID.field`), in observation order.
  public static let recordFields: [(key: String, type: ValueType, meaning: String)] = [
    ("confirmed", .recordValue, "the value the server last confirmed"),
    ("displayed", .recordValue, "the value the list row shows"),
    ("pending", .requestName, "the request in flight for the record, or none"),
    ("needsSync", .bool, "whether the record must be read from the server before writes"),
    ("saving", .bool, "whether the row shows its saving indicator"),
    ("tapEnabled", .bool, "whether the row's control accepts taps"),
    (
      "model", .recordValue,
      "the value the model holds, when the subject reports it apart from the row"
    ),
    (
      "asking", .bool,
      "whether the row asks the user to confirm a tap, when the subject's taps may ask"
    ),
  ]

  /// The list-level optimistic-update keys.
  public static let listKeys: [(key: String, type: ValueType, meaning: String)] = [
    ("order", .recordList, "the record ids in the list's display order"),
    ("sent", .bool, "whether this step's tap or sync sent a request"),
  ]

  /// Whether `key` holds an optimistic record's value (`ID.confirmed`, `ID.displayed`,
  /// `ID.model`), written `on`/`off` rather than yes/no.
  ///
  /// - Parameter key: A state key.
  /// - Returns: Whether its field is one of the record-value fields.
  public static func holdsRecordValue(_ key: String) -> Bool {
    key.hasSuffix(".displayed") || key.hasSuffix(".confirmed") || key.hasSuffix(".model")
  }
}
