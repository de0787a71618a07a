// The scene document's JSON, its located problems and the front end's interface live in SceneJSON, which the SwiftUI
// front end (SwiftSource) builds on without the rest of the scene model; every user of the scene model sees them.
@_exported import SceneJSON
