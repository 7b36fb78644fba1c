// UndoKit gives Linux an `UndoManager` with Apple's names, signatures and semantics.
//
// On Apple platforms Foundation's own `UndoManager` is the one user code sees through this
// re-export, so the same `import UndoKit` compiles everywhere. Every other file of the module is
// compiled only where Foundation has no undo manager (`#if !canImport(Darwin)`).
@_exported import Foundation
