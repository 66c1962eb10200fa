#!/usr/bin/env python3
"""Drives headless Chromium over the DevTools protocol (a pipe: no extra packages) for the HTML
report's browser tests: opens a page, then runs steps and prints their results as JSON.

Usage: browser.py CHROMIUM URL STEPS_JSON
STEPS_JSON is a list of steps, each one of
  {"eval": "<expression>"}   evaluate in the page; its JSON value is one result
  {"key": "n"}               press and release a key (keydown/keyup, as a person would; also "Enter")
  {"hash": "#sort=lines-asc"} set location.hash (fires hashchange), then let the page settle
  {"viewport": "400x800"}    the window's size in CSS pixels (a phone below 700)
  {"attributes": "<selector>"} the attributes of the first matching element (works without scripts)
  {"scripts": "off"}         as the first step: the page's own scripts do not run
  {"dark": "on"}             prefers-color-scheme: dark from now on ("off": light)
  {"screenshot": "out.png"}  a PNG of the viewport as it is now
Prints {"results": [...], "exceptions": [...]}: uncaught exceptions and console errors.
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


def launch(chromium):
    """Starts headless Chromium on a pipe; returns (process, session, profile folder), the
    session attached to a fresh blank tab with the page and runtime domains on."""
    profile = tempfile.mkdtemp(prefix="covgate-cdp-")
    to_chrome_r, to_chrome_w = os.pipe()
    from_chrome_r, from_chrome_w = os.pipe()

    def child_fds():
        # Chromium reads commands from fd 3 and writes to fd 4.
        reading, writing = os.dup(to_chrome_r), os.dup(from_chrome_w)
        os.dup2(reading, 3)
        os.dup2(writing, 4)

    process = subprocess.Popen(
        [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage",
         "--no-first-run", "--disable-extensions", "--remote-debugging-pipe",
         f"--user-data-dir={profile}", "about:blank"],
        pass_fds=(3, 4, to_chrome_r, from_chrome_w), preexec_fn=child_fds,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(to_chrome_r)
    os.close(from_chrome_w)
    session = Session(to_chrome_w, from_chrome_r)
    target = session.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session.id = session.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    session.call("Page.enable")
    session.call("Runtime.enable")
    return process, session, profile


def close(process, profile):
    process.kill()
    process.wait()
    shutil.rmtree(profile, ignore_errors=True)


def main():
    chromium, url, steps = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    process, session, profile = launch(chromium)
    try:
        scripts = not (steps and steps[0].get("scripts") == "off")
        if not scripts:
            session.call("Emulation.setScriptExecutionDisabled", {"value": True})
            steps = steps[1:]
        session.open(url, settle=scripts)
        results = []
        for step in steps:
            if "eval" in step:
                results.append(session.evaluate(step["eval"]))
            elif "key" in step:
                key = step["key"]
                # Named keys carry their code and the text they type ("Enter" types a return).
                named = {"Enter": ("Enter", 13, "\r"), " ": ("Space", 32, " "), "Tab": ("Tab", 9, "")}.get(key)
                for kind in ("keyDown", "keyUp"):
                    event = {"type": kind, "key": key, "text": key if kind == "keyDown" else ""}
                    if named:
                        code, virtual, text = named
                        event.update(code=code, windowsVirtualKeyCode=virtual, text=text if kind == "keyDown" else "")
                    session.call("Input.dispatchKeyEvent", event)
                session.settle()
            elif "viewport" in step:
                session.viewport(step["viewport"])
            elif "attributes" in step:
                results.append(session.attributes(step["attributes"]))
            elif "dark" in step:
                session.call("Emulation.setEmulatedMedia",
                             {"features": [{"name": "prefers-color-scheme", "value": "dark" if step["dark"] == "on" else "light"}]})
                session.settle()
            elif "screenshot" in step:
                png = session.call("Page.captureScreenshot", {"format": "png"})["data"]
                with open(step["screenshot"], "wb") as out:
                    out.write(base64.b64decode(png))
            elif "hash" in step:
                session.evaluate(f"location.hash = {json.dumps(step['hash'])}")
                session.settle()
        print(json.dumps({"results": results, "exceptions": session.exceptions}))
    finally:
        close(process, profile)


class Session:
    def __init__(self, write_fd, read_fd):
        self.write_fd, self.read_fd = write_fd, read_fd
        self.next_id, self.id, self.buffer, self.events, self.exceptions = 0, None, b"", [], []

    def send(self, method, params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.id:
            message["sessionId"] = self.id
        os.write(self.write_fd, json.dumps(message).encode() + b"\0")
        return self.next_id

    def receive(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise SystemExit("browser.py: Chromium did not answer in time")
            chunk = os.read(self.read_fd, 1 << 16)
            if not chunk:
                raise SystemExit("browser.py: Chromium closed the pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        message = json.loads(raw)
        method = message.get("method", "")
        if method == "Runtime.exceptionThrown":
            self.exceptions.append(message["params"]["exceptionDetails"].get("exception", {}).get("description")
                                   or message["params"]["exceptionDetails"].get("text"))
        elif method == "Runtime.consoleAPICalled" and message["params"]["type"] in ("error", "warning"):
            self.exceptions.append(" ".join(str(a.get("value", a.get("description"))) for a in message["params"]["args"]))
        elif method:
            self.events.append(method)
        return message

    def call(self, method, params=None):
        wanted = self.send(method, params)
        deadline = time.time() + 30
        while True:
            message = self.receive(deadline)
            if message.get("id") == wanted:
                if "error" in message:
                    raise SystemExit(f"browser.py: {method}: {message['error']}")
                return message.get("result", {})

    def wait_for(self, event):
        deadline = time.time() + 30
        while event not in self.events:
            self.receive(deadline)
        self.events.remove(event)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            self.exceptions.append(result["exceptionDetails"].get("text"))
            return None
        return result["result"].get("value")

    def open(self, url, settle=True):
        """Navigates to `url` and waits for its load event (and its scripts, when `settle`)."""
        self.call("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")
        if settle:
            self.settle()

    def viewport(self, size):
        """The window's size in CSS pixels, "WIDTHxHEIGHT" (a phone below 700)."""
        width, height = (int(n) for n in size.split("x"))
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700})
        self.settle()

    def attributes(self, selector):
        """The attributes of the first element matching `selector`, read without page script."""
        root = self.call("DOM.getDocument")["root"]["nodeId"]
        node = self.call("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        if not node:
            return None
        flat = self.call("DOM.getAttributes", {"nodeId": node})["attributes"]
        return dict(zip(flat[0::2], flat[1::2]))

    def settle(self):
        """Two animation frames: the page's handlers and layout have run."""
        self.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
        time.sleep(0.05)


if __name__ == "__main__":
    main()
