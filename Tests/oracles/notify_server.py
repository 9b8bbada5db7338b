"""A notification server for `vault remind`'s end-to-end test (RemindTests).

It owns org.freedesktop.Notifications on the session bus (a private one from
dbus-run-session) and, for every notification that offers the action named on
the command line, "clicks" it: it emits ActionInvoked as a notification daemon
does when a person clicks, then NotificationClosed. The real notify-send waits
for that signal and prints the action's key, which is what vault's waiter reads.
Every notification is printed to stdout (summary and actions) for the test.
"""

import asyncio
import sys

from dbus_next.aio import MessageBus
from dbus_next.service import ServiceInterface, method, signal

CLICK = sys.argv[1] if len(sys.argv) > 1 else ""


class Notifications(ServiceInterface):
    def __init__(self):
        super().__init__("org.freedesktop.Notifications")
        self.last_id = 0

    @method()
    def GetCapabilities(self) -> "as":
        return ["actions", "body"]

    @method()
    def GetServerInformation(self) -> "ssss":
        return ["vault-test-server", "vault", "1", "1.2"]

    @method()
    def Notify(self, app_name: "s", replaces_id: "u", app_icon: "s", summary: "s", body: "s",
               actions: "as", hints: "a{sv}", expire_timeout: "i") -> "u":
        self.last_id += 1
        nid = self.last_id
        print(f"notify app={app_name} summary={summary} actions={','.join(actions)}", flush=True)
        loop = asyncio.get_running_loop()
        if CLICK and CLICK in actions[0::2]:
            loop.call_later(0.3, self.ActionInvoked, nid, CLICK)
        loop.call_later(0.6, self.NotificationClosed, nid, 2)
        return nid

    @method()
    def CloseNotification(self, nid: "u"):
        self.NotificationClosed(nid, 3)

    @signal()
    def ActionInvoked(self, nid, key) -> "us":
        return [nid, key]

    @signal()
    def NotificationClosed(self, nid, reason) -> "uu":
        return [nid, reason]


async def main():
    bus = await MessageBus().connect()
    bus.export("/org/freedesktop/Notifications", Notifications())
    await bus.request_name("org.freedesktop.Notifications")
    print("ready", flush=True)
    await asyncio.get_running_loop().create_future()


asyncio.run(main())
