import Foundation

/// The address `render watch` listens on: an IPv4 or IPv6 address (`localhost` is 127.0.0.1).
public struct ListenAddress: Sendable {
    public let ip: String
    public let ipv6: Bool

    public init?(_ host: String) {
        let name = host == "localhost" ? "127.0.0.1" : host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            ip = name; ipv6 = false
        } else if inet_pton(AF_INET6, name, &v6) == 1 {
            ip = name; ipv6 = true
        } else {
            return nil
        }
    }

    public var isLoopback: Bool { ipv6 ? ip == "::1" : ip.hasPrefix("127.") }

    /// Every address of the machine (`0.0.0.0`, `::`).
    public var isEveryAddress: Bool { ipv6 ? ip == "::" || ip == "0:0:0:0:0:0:0:0" : ip == "0.0.0.0" }

    /// What to tell before serving on an address other machines can reach; nil on loopback.
    public func exposure(command: String) -> String? {
        guard !isLoopback else { return nil }
        let reach = isEveryAddress ? "every network this machine is on" : "the network of \(ip)"
        return "\(command): warning: serving on \(ip), reachable from \(reach): anyone who can reach it can open the page and "
            + "what it serves; leave out --host to serve this machine only"
    }

    public func url(port: Int) -> String { "http://\(ipv6 ? "[\(ip)]" : ip):\(port)/" }
}
