import Contracts
import ReferenceModels

extension Fault {
  /// "The tap I made while it was saving was lost": a list that queues the latest tap while a
  /// write is pending forgets to send it when that write is answered.
  public static let queueLatestDropsQueued = Fault.optimisticUpdates(
    "queue-latest-drops-queued", in: "reference queue-latest favourites",
    symptom: "the tap I made while it was saving was lost", expectedClass: .inFlightGate
  ) { QueuedDroppingFavorites() }
}

/// The bug: the list declares that it queues the latest tap, shows it, but sends nothing when
/// the pending write is answered; the row falls back to the answer's value.
final class QueuedDroppingFavorites: QueueLatestFavorites {
  override func sendQueuedWrites() {}
}
