import Foundation

extension SessionRecorder {
  /// Writes the recording as JSON Lines, piece by piece, to `sink`: the header, every event and
  /// shown state the ring holds, oldest first, each with its sequence number, and the trailer.
  ///
  /// Export formats into a buffer allocated with the recorder, so it allocates nothing and takes
  /// time in proportion to the ring's size; the lock is held meanwhile, so events recorded from
  /// other threads wait. The pieces are valid only during each call of `sink`.
  ///
  /// - Parameter sink: Receives the bytes, in order.
  public func export(_ sink: (UnsafeRawBufferPointer) -> Void) {
    lock.lock()
    defer { lock.unlock() }
    withoutActuallyEscaping(sink) { sink in
      var writer = LineWriter(buffer: exportBuffer, sink: sink)
      writeLines(&writer)
      writer.flush()
      let lines = writer.lines
      let hash = writer.hash
      writer.text("{\"fnv1a64\":\"")
      var shift: UInt64 = 60
      while true {
        let digit = UInt8((hash >> shift) & 0xF)
        writer.byte(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        if shift == 0 { break }
        shift -= 4
      }
      writer.text("\",\"kind\":\"trailer\",\"lines\":")
      writer.number(Int64(lines))
      writer.text(",\"version\":1}")
      writer.endLine()
      writer.flush()
    }
  }

  /// The recording as JSON Lines, in memory (its size is bounded by the ring's).
  public func exportedData() -> Data {
    var data = Data()
    export { data.append(contentsOf: $0) }
    return data
  }

  /// Writes the recording as JSON Lines to the file at `url`, replacing it.
  ///
  /// - Throws: The error Foundation gives when the file cannot be created or written.
  public func export(to url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var failure: (any Error)?
    export { bytes in
      guard failure == nil else { return }
      do {
        try handle.write(contentsOf: Data(bytes))
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  private func writeLines(_ writer: inout LineWriter) {
    // Leading slots that continue an event already dropped are skipped.
    var offset = 0
    while offset < count && ring[slot(offset)].kind.isItem {
      offset += 1
    }
    writer.text("{\"capabilities\":[")
    for (index, capability) in capabilities.enumerated() {
      if index > 0 { writer.byte(UInt8(ascii: ",")) }
      writer.byte(UInt8(ascii: "\""))
      for byte in capability.rawValue.utf8 { writer.byte(byte) }
      writer.byte(UInt8(ascii: "\""))
    }
    writer.text("],\"dropped\":")
    writer.number(Int64(droppedEvents))
    // The lines dropped, where the sequence numbers start; only when some were, so a recording
    // that dropped nothing reads as earlier recorders wrote it.
    if droppedLines > 0 {
      writer.text(",\"droppedLines\":")
      writer.number(Int64(droppedLines))
    }
    writer.text(",\"family\":\"")
    writer.text(family == .undoHistory ? "undo" : "optimistic")
    writer.text("\",\"format\":\"stategate-recording\",\"kind\":\"header\"")
    // What the events need, only when they need something, so older recordings read the same.
    if needed != 0 {
      writer.text(",\"requires\":[")
      var first = true
      for capability in everyCapability where needed & capability.bit != 0 {
        if !first { writer.byte(UInt8(ascii: ",")) }
        first = false
        writer.byte(UInt8(ascii: "\""))
        for byte in capability.rawValue.utf8 { writer.byte(byte) }
        writer.byte(UInt8(ascii: "\""))
      }
      writer.text("]")
    }
    // The words beyond on/off, only when the app declared some, so older recordings read the same.
    if !values.isEmpty {
      writer.text(",\"values\":[")
      for (index, word) in values.enumerated() {
        if index > 0 { writer.byte(UInt8(ascii: ",")) }
        writer.byte(UInt8(ascii: "\""))
        for byte in word.utf8 { writer.byte(byte) }
        writer.byte(UInt8(ascii: "\""))
      }
      writer.text("]")
    }
    writer.text(",\"version\":1")
    if let writeTimeoutMilliseconds {
      writer.text(",\"writeTimeoutMilliseconds\":")
      writer.number(writeTimeoutMilliseconds)
    }
    writer.text("}")
    writer.endLine()
    var sequence = Int64(droppedLines)
    while offset < count {
      let entry = ring[slot(offset)]
      offset += 1
      sequence += 1
      var items = 0
      if entry.kind.hasItems {
        items = min(Int(entry.small), count - offset)
      }
      writeLine(entry, sequence: sequence, items: offset..<(offset + items), &writer)
      offset += items
    }
  }

  private func slot(_ offset: Int) -> Int {
    let slot = head + offset
    return slot >= capacity ? slot - capacity : slot
  }

  private func writeLine(
    _ entry: RecordedEntry, sequence: Int64, items: Range<Int>, _ writer: inout LineWriter
  ) {
    if entry.kind == .shownRecord {
      writeShownRecord(entry, sequence: sequence, &writer)
      return
    }
    if entry.kind == .shownEditor {
      writeShownEditor(entry, sequence: sequence, &writer)
      return
    }
    writer.text("{\"action\":\"")
    switch entry.kind {
    case .load, .session:
      writer.text(entry.kind == .load ? "load" : "session")
      writer.text("\",\"kind\":\"event\",\"records\":")
      writeValues(items, &writer)
    case .sort:
      writer.text("sort\",\"kind\":\"event\",\"order\":")
      writeHandles(items, &writer)
    case .tap, .sync:
      writer.text(entry.kind == .tap ? "tap" : "sync")
      writer.text("\",\"kind\":\"event\",\"record\":")
      writer.recordHandle(entry.handle)
      if entry.value > 0 {
        writer.text(",\"request\":")
        if entry.kind == .tap {
          writer.writeHandle(entry.value)
        } else {
          writer.handle(UInt8(ascii: "s"), entry.value)
        }
      }
    case .respond, .respondToSync:
      writer.text("respond\",\"kind\":\"event\",\"outcome\":\"")
      if entry.kind == .respond {
        switch entry.flags {
        case RecordedEntry.Code.savedOn: writer.text("saved on")
        case RecordedEntry.Code.savedOff: writer.text("saved off")
        case RecordedEntry.Code.rejected: writer.text("rejected")
        case RecordedEntry.Code.declaredValue:
          writer.text("saved ")
          writer.recordValue(Int(entry.extra), words: valueWords)
        default: writer.text("unknown")
        }
      } else {
        switch entry.flags {
        case RecordedEntry.Code.readOn: writer.text("read on")
        case RecordedEntry.Code.readOff: writer.text("read off")
        case RecordedEntry.Code.declaredValue:
          writer.text("read ")
          writer.recordValue(Int(entry.extra), words: valueWords)
        default: writer.text("failed")
        }
      }
      writer.text("\",\"request\":")
      if entry.kind == .respond {
        writer.writeHandle(entry.value)
      } else {
        writer.handle(UInt8(ascii: "s"), entry.value)
      }
    case .cancel:
      writer.text("cancel\",\"kind\":\"event\",\"request\":")
      writer.writeHandle(entry.value)
    case .confirm, .decline:
      writer.text(entry.kind == .confirm ? "confirm" : "decline")
      writer.text("\",\"kind\":\"event\",\"record\":")
      writer.recordHandle(entry.handle)
      if entry.value > 0 {
        writer.text(",\"request\":")
        writer.handle(UInt8(ascii: "r"), entry.value)
      }
    case .adjust, .dragMoved, .loadValue, .levels:
      switch entry.kind {
      case .adjust: writer.text("adjust")
      case .dragMoved: writer.text("drag moved")
      case .loadValue: writer.text("load")
      default: writer.text("levels")
      }
      writer.text("\",\"kind\":\"event\"")
    case .dragBegan, .dragEnded, .dragCancelled, .undo, .redo:
      switch entry.kind {
      case .dragBegan: writer.text("drag began")
      case .dragEnded: writer.text("drag ended")
      case .dragCancelled: writer.text("drag cancelled")
      case .undo: writer.text("undo")
      default: writer.text("redo")
      }
      writer.text("\",\"kind\":\"event\"")
    case .switchDocument:
      writer.text("switch\",\"document\":")
      writer.handle(UInt8(ascii: "d"), Int64(entry.handle))
      writer.text(",\"kind\":\"event\"")
    case .calculate:
      writer.text("calculate\",\"calculation\":")
      writer.handle(UInt8(ascii: "c"), entry.value)
      writer.text(",\"kind\":\"event\"")
    case .deliver:
      writer.text("deliver\",\"calculation\":")
      writer.handle(UInt8(ascii: "c"), Int64(entry.handle))
      writer.text(",\"kind\":\"event\"")
    case .read:
      writer.text("read\",\"kind\":\"event\",\"record\":")
      writer.recordHandle(entry.handle)
      writer.text(",\"request\":")
      writer.handle(UInt8(ascii: "s"), entry.value)
    case .filter:
      writer.text("filter\",\"filter\":\"")
      switch entry.flags {
      case RecordedEntry.Code.filterOn: writer.text("on")
      case RecordedEntry.Code.filterOff: writer.text("off")
      case RecordedEntry.Code.declaredValue:
        writer.recordValue(Int(entry.extra), words: valueWords)
      default: writer.text("none")
      }
      writer.text("\",\"kind\":\"event\"")
    case .refresh:
      writer.text("refresh\",\"kind\":\"event\",\"request\":")
      writer.handle(UInt8(ascii: "l"), entry.value)
    case .respondToRefresh:
      writer.text("respond\",\"kind\":\"event\",\"outcome\":\"")
      if entry.flags == RecordedEntry.Code.failed {
        writer.text("failed\"")
      } else {
        writer.text("list\",\"records\":")
        writeValues(items, &writer)
      }
      writer.text(",\"request\":")
      writer.handle(UInt8(ascii: "l"), entry.value)
    case .batch:
      writer.text("batch\",\"kind\":\"event\",\"records\":")
      writeHandles(items, &writer)
      writer.text(",\"request\":")
      writer.handle(UInt8(ascii: "b"), entry.value)
    case .respondToBatch:
      writer.text("respond\",\"kind\":\"event\",\"outcome\":\"")
      switch entry.flags {
      case RecordedEntry.Code.rejected: writer.text("rejected\"")
      case RecordedEntry.Code.unknown: writer.text("unknown\"")
      default:
        writer.text(entry.flags == RecordedEntry.Code.batchEach ? "each" : "saved")
        writer.text("\",\"records\":")
        writeValues(items, &writer)
      }
      writer.text(",\"request\":")
      writer.handle(UInt8(ascii: "b"), entry.value)
    case .items:
      writer.text("items\",\"items\":[")
      for offset in items {
        let item = ring[slot(offset)]
        if offset != items.lowerBound { writer.byte(UInt8(ascii: ",")) }
        writer.byte(UInt8(ascii: "\""))
        writeBareRecord(item.handle, &writer)
        writer.byte(UInt8(ascii: "="))
        writer.number(item.value)
        writer.byte(UInt8(ascii: "\""))
      }
      writer.text("],\"kind\":\"event\"")
    case .select:
      writer.text("select\",\"items\":")
      writeHandles(items, &writer)
      writer.text(",\"kind\":\"event\"")
    case .wait:
      writer.text("wait\",\"kind\":\"event\",\"milliseconds\":")
      writer.number(entry.value)
    case .choose:
      writer.text("set\",\"kind\":\"event\",\"record\":")
      writer.recordHandle(entry.handle)
      if entry.value > 0 {
        writer.text(",\"request\":")
        writer.handle(UInt8(ascii: "r"), entry.value)
      }
    case .loadItem, .sortItem, .sessionItem, .shownRecord, .shownEditor, .refreshItem, .batchItem,
      .batchAnswerItem, .itemValue, .selectItem:
      preconditionFailure("a slot of kind \(entry.kind) is written by its event")
    }
    writer.text(",\"seq\":")
    writer.number(sequence)
    switch entry.kind {
    case .adjust, .dragMoved, .loadValue, .levels, .switchDocument:
      writer.text(",\"value\":")
      writer.number(entry.value)
    case .deliver:
      writer.text(",\"value\":")
      writer.number(entry.extra)
    case .choose:
      writer.text(",\"value\":\"")
      writer.recordValue(Int(entry.extra), words: valueWords)
      writer.byte(UInt8(ascii: "\""))
    default:
      break
    }
    writer.text(",\"version\":1}")
    writer.endLine()
  }

  /// Writes the records of a list's items as handles: `["a","c"]`.
  private func writeHandles(_ items: Range<Int>, _ writer: inout LineWriter) {
    writer.byte(UInt8(ascii: "["))
    for offset in items {
      if offset != items.lowerBound { writer.byte(UInt8(ascii: ",")) }
      writer.recordHandle(ring[slot(offset)].handle)
    }
    writer.byte(UInt8(ascii: "]"))
  }

  /// Writes the items of a load, a session change, a refreshed list or a batch answer:
  /// `["a=on","b=rejected"]`.
  private func writeValues(_ items: Range<Int>, _ writer: inout LineWriter) {
    writer.byte(UInt8(ascii: "["))
    for offset in items {
      let item = ring[slot(offset)]
      if offset != items.lowerBound { writer.byte(UInt8(ascii: ",")) }
      writer.byte(UInt8(ascii: "\""))
      writeBareRecord(item.handle, &writer)
      writer.byte(UInt8(ascii: "="))
      if item.kind != .batchAnswerItem {
        writer.recordValue(Int(item.flags), words: valueWords)
      } else {
        switch item.flags {
        case RecordedEntry.Code.rejected: writer.text("rejected")
        case RecordedEntry.Code.unknown: writer.text("unknown")
        case RecordedEntry.Code.declaredValue:
          writer.recordValue(Int(item.value), words: valueWords)
        default: writer.recordValue(Int(item.flags), words: valueWords)
        }
      }
      writer.byte(UInt8(ascii: "\""))
    }
    writer.byte(UInt8(ascii: "]"))
  }

  private func writeBareRecord(_ number: UInt32, _ writer: inout LineWriter) {
    // A load's record is written as `a=on`; an unknown record as `?`.
    guard number > 0 else { return writer.byte(UInt8(ascii: "?")) }
    var rest = Int(number)
    var letters: UInt64 = 0
    var count = 0
    withUnsafeMutableBytes(of: &letters) { scratch in
      while rest > 0 && count < 8 {
        rest -= 1
        scratch[count] = UInt8(ascii: "a") + UInt8(rest % 26)
        rest /= 26
        count += 1
      }
    }
    withUnsafeBytes(of: &letters) { scratch in
      for index in stride(from: count - 1, through: 0, by: -1) { writer.byte(scratch[index]) }
    }
  }

  private func writeShownRecord(
    _ entry: RecordedEntry, sequence: Int64, _ writer: inout LineWriter
  ) {
    let flags = entry.flags
    let valued = flags & ShownRecord.valued != 0
    writer.text("{\"confirmed\":")
    if valued {
      writer.byte(UInt8(ascii: "\""))
      writer.recordValue(Int(entry.extra & 0xFF), words: valueWords)
      writer.text("\",\"displayed\":\"")
      writer.recordValue(Int(entry.extra >> 8 & 0xFF), words: valueWords)
      writer.byte(UInt8(ascii: "\""))
    } else {
      writer.bool(flags & ShownRecord.confirmed != 0)
      writer.text(",\"displayed\":")
      writer.bool(flags & ShownRecord.displayed != 0)
    }
    writer.text(",\"kind\":\"shown\",\"needsSync\":")
    writer.bool(flags & ShownRecord.needsSync != 0)
    writer.text(",\"pending\":")
    if flags & ShownRecord.pending != 0 {
      writer.writeHandle(entry.value == 0 ? -1 : entry.value)
    } else {
      writer.text("\"none\"")
    }
    writer.text(",\"record\":")
    writer.recordHandle(entry.handle)
    writer.text(",\"saving\":")
    writer.bool(flags & ShownRecord.saving != 0)
    writer.text(",\"seq\":")
    writer.number(sequence)
    writer.text(",\"tapEnabled\":")
    writer.bool(flags & ShownRecord.tapEnabled != 0)
    writer.text(",\"version\":1}")
    writer.endLine()
  }

  private func writeShownEditor(
    _ entry: RecordedEntry, sequence: Int64, _ writer: inout LineWriter
  ) {
    let flags = entry.flags
    writer.text("{\"canRedo\":")
    writer.bool(flags & ShownEditor.canRedo != 0)
    writer.text(",\"canUndo\":")
    writer.bool(flags & ShownEditor.canUndo != 0)
    writer.text(",\"display\":")
    writer.number(entry.extra)
    writer.text(",\"kind\":\"shown\",\"level\":")
    writer.number(Int64(entry.small))
    writer.text(",\"redoEnabled\":")
    writer.bool(flags & ShownEditor.redoEnabled != 0)
    writer.text(",\"seq\":")
    writer.number(sequence)
    writer.text(",\"undoEnabled\":")
    writer.bool(flags & ShownEditor.undoEnabled != 0)
    writer.text(",\"value\":")
    writer.number(entry.value)
    writer.text(",\"version\":1}")
    writer.endLine()
  }
}
