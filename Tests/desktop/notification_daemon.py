"""A desktop's notification server for the app's tests: python-dbusmock's notification_daemon
template (org.freedesktop.Notifications) on the test's session bus, driven over stdin and stdout.

    /usr/bin/python3 Tests/desktop/notification_daemon.py

Prints {"ready": true} once the server owns its name, then answers one line a command:

    calls        {"calls": [{"method": "Notify", "args": [...]}, ...]} every call since the start
    click ID     ActionInvoked(ID, "default"), as a click on notification ID: {"ok": true}

Stops at the end of its input, with the server.
"""

import json
import subprocess
import sys

import dbus
import dbusmock
from dbusmock import DBusTestCase


def plain(value):
    """D-Bus values as JSON's."""
    if isinstance(value, (dbus.Array, list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (dbus.Dictionary, dict)):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (dbus.String, str)):
        return str(value)
    if isinstance(value, (dbus.Boolean, bool)):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    return str(value)


def main():
    server, obj = DBusTestCase.spawn_server_template("notification_daemon", {}, stdout=subprocess.DEVNULL)
    mock = dbus.Interface(obj, dbusmock.MOCK_IFACE)
    print(json.dumps({"ready": True}), flush=True)
    try:
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            if words[0] == "calls":
                calls = [{"method": str(m), "args": plain(a)} for _, m, a in mock.GetCalls()]
                print(json.dumps({"calls": calls}), flush=True)
            elif words[0] == "click" and len(words) == 2:
                mock.EmitSignal("org.freedesktop.Notifications", "ActionInvoked", "us",
                                [dbus.UInt32(int(words[1])), "default"])
                print(json.dumps({"ok": True}), flush=True)
            else:
                print(json.dumps({"error": "unknown command: " + line.strip()}), flush=True)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
