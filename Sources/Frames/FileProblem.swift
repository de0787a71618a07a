import Foundation

/// An error in words a user can act on. Foundation's file errors (NSCocoaErrorDomain, NSPOSIXErrorDomain) become
/// "PATH: <the system's reason>" — "/tmp/a/b: Not a directory" — instead of their internal codes; any other error
/// keeps its own description. The path is left out when it is `known` (the caller names it already).
public func explain(_ error: Error, known: String? = nil) -> String {
    let ns = error as NSError
    guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return "\(error)" }
    let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
    let reason: String
    if let code = posixCode(ns) {
        reason = String(cString: strerror(Int32(code)))
            + (code == Int(EEXIST) || code == Int(ENOTDIR) ? " (a file stands where a folder is needed)" : "")
    } else if ns.code == NSFileNoSuchFileError || ns.code == NSFileReadNoSuchFileError {
        reason = "No such file or directory"
    } else {
        reason = "the operation failed (\(ns.domain) \(ns.code))"
    }
    return (path.flatMap { $0 == known ? nil : "\($0): " } ?? "") + reason
}

/// The POSIX error number behind a Foundation error, when it says.
private func posixCode(_ ns: NSError) -> Int? {
    if ns.domain == NSPOSIXErrorDomain { return ns.code }
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Error { return posixCode(underlying as NSError) }
    return nil
}
