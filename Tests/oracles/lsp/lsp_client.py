"""A minimal LSP client over a subprocess's pipes, for benchmarks/run.sh and
trying `vault lsp` by hand (the tests use pytest-lsp). No dependencies."""
import json
import os
import subprocess
import time


class Client:
    def __init__(self, argv, cwd=None, env=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd, env=env)
        self.next_id = 0
        self.notifications = []

    def send(self, payload):
        body = json.dumps(payload).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EOFError("the server closed its output")
            line = line.strip()
            if not line:
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def request(self, method, params=None):
        self.next_id += 1
        ident = self.next_id
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == ident and "method" not in message:
                return message
            self.notifications.append(message)

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_notification(self, method, uri=None):
        for i, message in enumerate(self.notifications):
            if message.get("method") == method and (uri is None or message["params"].get("uri") == uri):
                return self.notifications.pop(i)
        while True:
            message = self.read()
            if message.get("method") == method and (uri is None or message["params"].get("uri") == uri):
                return message
            self.notifications.append(message)

    def initialize(self, root):
        uri = "file://" + os.path.abspath(root)
        answer = self.request("initialize", {"processId": os.getpid(), "rootUri": uri, "capabilities": {},
                                             "workspaceFolders": [{"uri": uri, "name": "vault"}]})
        self.notify("initialized", {})
        return answer

    def open(self, uri, text, version=1):
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown",
                                                               "version": version, "text": text}})

    def change(self, uri, text, version):
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [{"text": text}]})

    def close(self):
        self.request("shutdown")
        self.notify("exit")
        return self.proc.wait(timeout=10)


def timed(action):
    start = time.perf_counter()
    result = action()
    return result, (time.perf_counter() - start) * 1000
