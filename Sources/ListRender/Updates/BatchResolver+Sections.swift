// ListRender — checks the section operations and decides which old section or new id
import Models

extension BatchResolver {
    /// Checks the section operations and decides which old section or new id each section
    /// index after the batch holds.
    /// - Complexity: O(sections + section operations).
    mutating func resolveSections() throws(BatchUpdateError) {
        let count = old.sections.count
        sectionFate = Array(repeating: .stays, count: count)
        for section in batch.deletedSections {
            guard section >= 0 && section < count else {
                throw .deleteSectionOutOfRange(section: section, sectionCount: count)
            }
            if sectionFate[section] != .deleted {
                sectionFate[section] = .deleted
                deletedSectionCount += 1
            }
        }
        var isReloaded = Array(repeating: false, count: count)
        for section in batch.reloadedSections {
            guard section >= 0 && section < count else {
                throw .reloadSectionOutOfRange(section: section, sectionCount: count)
            }
            guard sectionFate[section] != .deleted else { throw .deleteAndReloadSection(section: section) }
            if !isReloaded[section] {
                isReloaded[section] = true
                reloadedSections.append(section)
            }
        }
        for move in batch.movedSections {
            guard move.from >= 0 && move.from < count else {
                throw .moveSectionOutOfRange(section: move.from, sectionCount: count)
            }
            switch sectionFate[move.from] {
            case .deleted: throw .deleteAndMoveSection(section: move.from)
            case .moved: throw .moveSectionTwice(section: move.from)
            case .stays: sectionFate[move.from] = .moved
            }
        }
        try placeSections(newCount: count - deletedSectionCount + batch.insertedSections.count)
    }

    /// Puts inserted and moved sections at their indexes after the batch, then fills the other
    /// indexes with the sections that stay, in their old order.
    private mutating func placeSections(newCount: Int) throws(BatchUpdateError) {
        var slots = [SectionSource?](repeating: nil, count: newCount)
        for insertion in batch.insertedSections {
            let section = insertion.section
            guard section >= 0 && section < newCount else {
                throw .insertSectionOutOfRange(section: section, sectionCount: newCount)
            }
            guard slots[section] == nil else { throw .insertSectionTwice(section: section) }
            slots[section] = .inserted(insertion.id)
        }
        for move in batch.movedSections {
            guard move.to >= 0 && move.to < newCount else {
                throw .moveSectionDestinationOutOfRange(from: move.from, to: move.to, sectionCount: newCount)
            }
            switch slots[move.to] {
            case .inserted: throw .insertAndMoveSection(section: move.to)
            case .old: throw .moveSectionsToSameIndex(section: move.to)
            case nil: slots[move.to] = .old(move.from)
            }
        }
        oldToNewSection = Array(repeating: -1, count: old.sections.count)
        newSources.reserveCapacity(newCount)
        var next = 0
        for slot in slots {
            if let slot {
                newSources.append(slot)
                continue
            }
            while sectionFate[next] != .stays { next += 1 }
            newSources.append(.old(next))
            next += 1
        }
        for (newSection, source) in newSources.enumerated() {
            if case .old(let oldSection) = source { oldToNewSection[oldSection] = newSection }
        }
    }
}
