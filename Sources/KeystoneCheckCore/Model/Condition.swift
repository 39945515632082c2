import SwiftSyntax

/// The `#if` clauses a piece of code is in, as what must hold for it to be compiled: each
/// clause's condition (an atom, compared by its text) true, and the conditions of the clauses
/// before it in its `#if` false.
///
/// The check does not decide the conditions itself — it cannot know the build's flags — but
/// reads the graph under each assignment of them and hands its errors to the compiler inside
/// the same conditions (see ``KeystoneCheck/generatedSwift(_:)``), so the compiler decides.
package struct Condition: Hashable, Sendable, CustomStringConvertible {
    /// Each atom (a clause's condition as written: `DEBUG`, `os(iOS)`) with the value it needs.
    package var literals: [Literal]

    /// One atom with the value it needs.
    package struct Literal: Hashable, Sendable {
        /// The condition as written.
        package var atom: String
        /// Whether it must be true.
        package var value: Bool
    }

    /// Always compiled.
    package static let always = Condition(literals: [])

    /// Whether the code is compiled under `assignment` (every atom it mentions is in it).
    package func holds(under assignment: [String: Bool]) -> Bool {
        literals.allSatisfy { assignment[$0.atom] == $0.value }
    }

    /// The condition as Swift writes it in `#if`: `(DEBUG) && !(os(iOS))`.
    package var description: String {
        literals.isEmpty
            ? "true" : literals.map { $0.value ? "(\($0.atom))" : "!(\($0.atom))" }.joined(separator: " && ")
    }

    /// The clauses `node` is in, outermost first.
    static func of(_ node: some SyntaxProtocol) -> Condition {
        var literals: [Literal] = []
        var current = Syntax(node).parent
        while let parent = current {
            if let clause = parent.as(IfConfigClauseSyntax.self),
                let list = clause.parent?.as(IfConfigClauseListSyntax.self)
            {
                var mine: [Literal] = []
                for sibling in list {
                    if sibling.id == clause.id {
                        if let condition = sibling.condition {
                            mine.append(Literal(atom: condition.trimmedDescription, value: true))
                        }
                        break
                    }
                    if let condition = sibling.condition {
                        mine.append(Literal(atom: condition.trimmedDescription, value: false))
                    }
                }
                literals.insert(contentsOf: mine, at: 0)
            }
            current = parent.parent
        }
        return Condition(literals: literals)
    }
}

/// When a finding applies: under any of its conditions. Always, for code outside `#if`.
package struct Applicability: Hashable, Sendable, CustomStringConvertible {
    /// The conditions, any of which makes the finding apply; empty means always.
    package var anyOf: [Condition]

    /// Always.
    package static let always = Applicability(anyOf: [])

    /// Whether the finding applies under `assignment`.
    package func holds(under assignment: [String: Bool]) -> Bool {
        anyOf.isEmpty || anyOf.contains { $0.holds(under: assignment) }
    }

    /// The applicability as an `#if` condition.
    package var description: String {
        anyOf.isEmpty ? "true" : anyOf.map { "(\($0))" }.joined(separator: " || ")
    }

    /// The applicability of a finding seen under `found`, out of every assignment of `atoms`:
    /// each atom whose value does not change the answer is left out.
    static func of(found: Set<[String: Bool]>, atoms: [String]) -> Applicability {
        var relevant = atoms
        for atom in atoms {
            let closed = found.allSatisfy { assignment in
                var flipped = assignment
                flipped[atom] = !(assignment[atom] ?? false)
                return found.contains(flipped)
            }
            if closed { relevant.removeAll { $0 == atom } }
        }
        guard !relevant.isEmpty else { return .always }
        let projected = Set(
            found.map { assignment in relevant.map { Condition.Literal(atom: $0, value: assignment[$0]!) } })
        return Applicability(
            anyOf: projected.map(Condition.init(literals:)).sorted { $0.description < $1.description })
    }
}
