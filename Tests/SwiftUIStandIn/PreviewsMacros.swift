// The stand-in for Xcode's `#Preview` implementation (module PreviewsMacros, type SwiftUIView): a declaration macro
// that expands to nothing. It exists so that `#Preview { … }` in a fixture type-checks against the macro's declared
// signature (Tests/SwiftUIStandIn/SwiftUI.swift): the compiler checks a macro's arguments before it expands it.
// Built by Tests/CLITests/SwiftUIFixtureTypecheckTests.swift as a shared library against the toolchain's own
// swift-syntax (usr/lib/swift/host) and loaded with -load-plugin-library; not part of any SwiftPM target.
import SwiftSyntax
import SwiftSyntaxMacros

public struct SwiftUIView: DeclarationMacro {
    public static func expansion(of node: some FreestandingMacroExpansionSyntax,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        []
    }
}
