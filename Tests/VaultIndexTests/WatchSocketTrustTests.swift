#if os(Linux)
    import Foundation
    import Glibc
    import Testing
    import VaultStore

    @testable import VaultIndex

    /// Issue 34: the watcher's socket name can be computed by anyone on the
    /// machine; a command trusts an answer only from its own user, and waits
    /// for it a second at most, else it scans for itself.
    @Suite("watcher socket: trusted only from the same user, within a second", .serialized)
    struct WatchSocketTrustTests {
        func layout() -> (VaultLayout, URL) {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-trust-\(UUID().uuidString)")
            try? FileManager.default.createDirectory(at: root.appendingPathComponent(".vault/cache"), withIntermediateDirectories: true)
            return (VaultLayout(root: root), root)
        }

        /// The abstract name of `layout`'s socket, as bytes after the leading NUL.
        func name(_ layout: VaultLayout) -> [UInt8] {
            var (address, length) = WatchSocket.address(layout)
            return withUnsafeBytes(of: &address.sun_path) { Array($0[1..<(Int(length) - MemoryLayout<sa_family_t>.size)]) }
        }

        /// Runs a Python impostor holding `layout`'s socket until it prints `ready`.
        func impostor(_ layout: VaultLayout, script: String, arguments: [String] = []) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            let hex = name(layout).map { String(format: "%02x", $0) }.joined()
            process.arguments = [
                "python3", "-c",
                """
                import os, socket, sys, time
                name = b"\\0" + bytes.fromhex("\(hex)")
                \(script)
                """,
            ] + arguments
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let ready = out.fileHandleForReading.availableData
            #expect(String(decoding: ready, as: UTF8.self).hasPrefix("ready"))
            return process
        }

        @Test(
            "an answer from another user is not trusted: the command scans instead",
            .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
        func otherUser() throws {
            let (layout, root) = layout()
            defer { try? FileManager.default.removeItem(at: root) }
            let process = try impostor(
                layout,
                script: """
                    os.setgid(65534); os.setuid(65534)
                    s = socket.socket(socket.AF_UNIX); s.bind(name); s.listen(8)
                    print("ready", flush=True)
                    while True:
                        c, _ = s.accept(); c.recv(100); c.sendall(b"ok\\n"); c.close()
                    """)
            defer { process.terminate(); process.waitUntilExit() }
            #expect(WatchSocket.sync(layout) == false)
        }

        @Test(
            "a listener that never answers, or trickles bytes, costs at most about a second",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
        func slowAnswer() throws {
            let (layout, root) = layout()
            defer { try? FileManager.default.removeItem(at: root) }
            let process = try impostor(
                layout,
                script: """
                    s = socket.socket(socket.AF_UNIX); s.bind(name); s.listen(8)
                    print("ready", flush=True)
                    while True:
                        c, _ = s.accept(); c.recv(100)
                        for b in b"ok":
                            time.sleep(0.6); c.send(bytes([b]))
                        time.sleep(60)
                    """)
            defer { process.terminate(); process.waitUntilExit() }
            let start = Date()
            #expect(WatchSocket.sync(layout) == false)
            #expect(Date().timeIntervalSince(start) < 3, "waited \(Date().timeIntervalSince(start)) s")
        }

        @Test(
            "a watcher of an older vault, which closes this version's catalog request unanswered, is stopped",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
        func olderWatcherRetired() throws {
            let (layout, root) = layout()
            defer { try? FileManager.default.removeItem(at: root) }
            // Named as a watcher is (`vault index --watch`: the words after `-c SCRIPT`),
            // and, as a watcher does, taking SIGTERM even when the test runner blocked it.
            let process = try impostor(
                layout,
                script: """
                    import signal; signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
                    s = socket.socket(socket.AF_UNIX); s.bind(name); s.listen(8)
                    print("ready", flush=True)
                    while True:
                        c, _ = s.accept(); c.recv(100); c.close()
                    """, arguments: ["index", "--watch"])
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            #expect(WatchSocket.catalog(layout, timeZone: TimeZone(identifier: "UTC")!) == nil)
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            #expect(!process.isRunning, "the older watcher should have been sent SIGTERM")
            if !process.isRunning {
                #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
            }
        }

        @Test(
            "a listener that is not a watcher is never signalled, whatever it answers",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
        func otherListenerLeftAlone() throws {
            let (layout, root) = layout()
            defer { try? FileManager.default.removeItem(at: root) }
            let process = try impostor(
                layout,
                script: """
                    s = socket.socket(socket.AF_UNIX); s.bind(name); s.listen(8)
                    print("ready", flush=True)
                    while True:
                        c, _ = s.accept(); c.recv(100); c.close()
                    """)
            defer { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
            #expect(WatchSocket.catalog(layout, timeZone: TimeZone(identifier: "UTC")!) == nil)
            usleep(200_000)
            #expect(process.isRunning)
        }

        @Test("a same-user answer in time is trusted")
        func sameUser() throws {
            var pair: [Int32] = [0, 0]
            #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
            defer { close(pair[0]); close(pair[1]) }
            #expect(WatchSocket.peerUser(pair[0]) == geteuid())
            #expect(WatchSocket.isSameUser(pair[0]))
            _ = WatchSocket.writeAll(pair[1], "ok\n")
            #expect(WatchSocket.readLine(pair[0], deadline: WatchSocket.monotonicMilliseconds() + 1000) == "ok")
        }
    }
#endif
