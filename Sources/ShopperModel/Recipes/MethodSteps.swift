import Foundation

/// A recipe's method as a cook reads it. The names of a page's HowToSections are kept among the
/// steps, ending in ":" ("Base:", "Für die Soße:"): they are headings, neither numbered nor
/// counted ("Method: 5 steps" for three steps under two headings read wrong, "1. Base:" too).
package enum MethodSteps {
    /// A short line ending in ":" with no sentence before it. "Mix the following:" is a step's
    /// words too, but a section's name is what pages put there; a step that long would read as one.
    package static func isHeading(_ step: String) -> Bool {
        let s = step.trimmingCharacters(in: .whitespaces)
        guard s.hasSuffix(":"), s.count <= 60 else { return false }
        return !s.dropLast().contains { ".!?".contains($0) }
    }

    /// How many steps there are to do.
    package static func count(_ method: [String]) -> Int { method.filter { !isHeading($0) }.count }

    /// Each element with its step's number, nil for a heading: numbers run on across headings.
    package static func numbered(_ method: [String]) -> [(number: Int?, text: String)] {
        var n = 0
        return method.map { step in
            if isHeading(step) { return (nil, step) }
            n += 1
            return (n, step)
        }
    }
}
