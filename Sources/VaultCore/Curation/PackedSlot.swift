import Foundation

/// What the events say about one note in one period, as ``CurationState``
/// stores it: 32 bytes, where a ``CurationState/Slot`` takes 112.
///
/// The board reads one of these for each period of each note, so their
/// size is what it waits on memory for. Three things make them small:
/// devices are numbers into the state's device table; the decision in force
/// is not stored again, since it is always nil (the last event was an
/// undo) or the last event of the device that recorded last, so ``current``
/// only says which; and the rare second, third… device to decide the same
/// note in the same period goes to a side table (``OtherDevices``).
package struct PackedSlot: Sendable {
    /// One device's last event, its device a number in the state's device table.
    package struct Event: Hashable, Sendable {
        package var time: Date
        package var sequence: Int
        /// The device's position in ``CurationState/devices``; -1 for none.
        package var device: Int32
        package var decision: CurationDecision

        package init(time: Date, sequence: Int, device: Int32, decision: CurationDecision) {
            self.time = time
            self.sequence = sequence
            self.device = device
            self.decision = decision
        }

        /// The event that stands for no event (a slot no device has decided yet).
        package static let none = Event(time: Date(timeIntervalSince1970: 0), sequence: 0, device: -1, decision: .undo)
    }

    /// Whose last event is the decision in force.
    package enum Current: UInt8, Sendable {
        /// None: the last event was an undo.
        case none
        /// ``PackedSlot/first``.
        case firstDevice
        /// ``OtherDevices/events`` at ``OtherDevices/current``.
        case otherDevice
    }

    /// The last events of the devices after the first to decide one note in
    /// one period, in the order they first did.
    package struct OtherDevices: Hashable, Sendable {
        package var events: [Event]
        /// The position in ``events`` of the decision in force, when a slot's ``PackedSlot/current`` is `.otherDevice`.
        package var current: Int

        package init(events: [Event], current: Int) {
            self.events = events
            self.current = current
        }
    }

    // Declared small fields first: Swift lays fields out in order, and the
    // 21 bytes of `first` then end at 29, leaving `current` room in 32.
    package var period: PackedPeriod
    /// The position of this slot's ``OtherDevices`` in the state's side table; -1 when one device decided.
    package var others: Int32
    /// The first device's last event (``Event/none`` when no device decided).
    package var first: Event
    package var current: Current

    package init(period: PackedPeriod, others: Int32 = -1, first: Event = .none, current: Current = .none) {
        self.period = period
        self.others = others
        self.first = first
        self.current = current
    }

    /// Applies one event (in replay order) to the slot, and to `sideTable`
    /// when the event is from a device after the first.
    mutating func record(_ event: Event, sideTable: inout [OtherDevices]) {
        if first.device < 0 || first.device == event.device {
            first = event
            current = event.decision == .undo ? .none : .firstDevice
            return
        }
        if others < 0 {
            others = Int32(sideTable.count)
            sideTable.append(OtherDevices(events: [], current: 0))
        }
        let side = Int(others)
        let position =
            sideTable[side].events.firstIndex { $0.device == event.device } ?? sideTable[side].events.endIndex
        if position == sideTable[side].events.endIndex {
            sideTable[side].events.append(event)
        } else {
            sideTable[side].events[position] = event
        }
        sideTable[side].current = position
        current = event.decision == .undo ? .none : .otherDevice
    }
}

// MARK: Unpacking

extension PackedSlot {
    /// The event in force, if any.
    func currentEvent(sideTable: [OtherDevices]) -> Event? {
        switch current {
        case .none: nil
        case .firstDevice: first
        case .otherDevice: sideTable[Int(others)].events[sideTable[Int(others)].current]
        }
    }

    /// Each device's last event: the first device's, then the others'.
    func lastByDevice(sideTable: [OtherDevices]) -> [Event] {
        (first.device >= 0 ? [first] : []) + (others >= 0 ? sideTable[Int(others)].events : [])
    }

    /// The slot as the package value types give it.
    func entry(devices: [String], sideTable: [OtherDevices]) -> CurationState.Entry {
        CurationState.Entry(
            current: currentEvent(sideTable: sideTable)?.decided(devices: devices),
            firstDevice: first.device >= 0 ? first.decided(devices: devices) : nil,
            otherDevices: others >= 0 ? sideTable[Int(others)].events.map { $0.decided(devices: devices) } : [])
    }
}

extension PackedSlot.Event {
    /// The event with its device named.
    func decided(devices: [String]) -> CurationState.Decided {
        CurationState.Decided(decision: decision, time: time, device: devices[Int(device)], sequence: sequence)
    }
}
