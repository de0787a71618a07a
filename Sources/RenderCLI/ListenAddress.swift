import FlyingFox
import FlyingSocks
import Foundation
import Frames

/// The address `render watch` listens on: an IPv4 or IPv6 address (`localhost` is 127.0.0.1).
struct ListenAddress {
    let ip: String
    let ipv6: Bool

    init?(_ host: String) {
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

    var isLoopback: Bool { ipv6 ? ip == "::1" : ip.hasPrefix("127.") }

    func socketAddress(port: Int) throws -> any SocketAddress {
        ipv6 ? try sockaddr_in6.inet6(ip6: ip, port: UInt16(port)) : try sockaddr_in.inet(ip4: ip, port: UInt16(port))
    }

    func url(port: Int) -> String { "http://\(ipv6 ? "[\(ip)]" : ip):\(port)/" }

    /// The first port from `port` (trying up to 100) that a listening socket can bind on this address now.
    func firstFreePort(from port: Int) -> Int? {
        for candidate in port...min(port + 99, 65535) where canBind(candidate) { return candidate }
        return nil
    }

    /// Binds a socket as the server does (SO_REUSEADDR) and closes it again.
    func canBind(_ port: Int) -> Bool {
        #if os(Linux)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, stream, 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        func bound<Address>(_ address: Address) -> Bool {
            withUnsafePointer(to: address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<Address>.size)) == 0 } }
        }
        if ipv6 {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, ip, &a.sin6_addr)
            return bound(a)
        }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, ip, &a.sin_addr)
        return bound(a)
    }
}
