import Foundation

/// The rules of an interactive screen as a value, in the manner of the Elm
/// architecture: the state is the flow itself, an ``Input`` is something the
/// person did (keep, reveal, rate good…), and ``handle(_:)`` only computes the
/// next state and the ``Effect``s to carry out (append this event, open this
/// note in the editor, finish). A flow does no I/O and reads no clock: moments
/// come in inputs, so every path through a screen is a unit test.
///
/// The terminal screens draw a flow's state and turn keys into inputs; a web
/// page would turn taps into the same inputs. Effects that write through the
/// ports are carried out by a ``FlowEffectRunner`` (a use case), which reports
/// each result back as an input; ``send(_:through:)`` does that loop and
/// leaves the front end the effects only it can carry out.
public protocol InteractiveFlow {
    /// What the person did, in the domain's words (never a key).
    associatedtype Input
    /// What the flow asks the world to do.
    associatedtype Effect

    /// Moves to the next state for `input` and returns the effects to carry out, in order.
    mutating func handle(_ input: Input) -> [Effect]
}

/// Carries out the effects of a flow that write through the ports (a use case
/// of VaultApp), each reported back to the flow as an input.
public protocol FlowEffectRunner<Flow> {
    associatedtype Flow: InteractiveFlow

    /// Carries out `effect` when it is one this runner writes, returning the
    /// input that reports its result; returns nil, doing nothing, for an
    /// effect the front end carries out (the editor, finishing).
    /// - Throws: when the ledger or a note cannot be written; the flow is then
    ///   left as it was before the effect (nothing is counted that was not saved).
    func perform(_ effect: Flow.Effect) throws -> Flow.Input?
}

extension InteractiveFlow {
    /// Hands `input` to the flow, carries out through `runner` every effect it
    /// writes (feeding each result back in at once), and returns the effects
    /// left for the front end, in order.
    /// - Throws: the runner's error; effects after the failing one are dropped.
    public mutating func send<Runner: FlowEffectRunner>(_ input: Input, through runner: Runner) throws -> [Effect]
    where Runner.Flow == Self {
        var pending = handle(input)
        var left: [Effect] = []
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            if let result = try runner.perform(effect) {
                pending = handle(result) + pending
            } else {
                left.append(effect)
            }
        }
        return left
    }
}
