"""Drives headless Chromium through the DevTools protocol on a pipe (--remote-debugging-pipe: commands in on fd 3,
answers out on fd 4, each a JSON text ended by NUL), for the page tests that need more than one look at a page:
keys pressed with the focus on a control, a file changed while the page stays open, pixels read back.

usage: chromium_steps.py CHROMIUM PROFILE_DIR [CHROMIUM_FLAG...] < steps.json > results.json
Steps (a JSON list), each answered by one entry of the output list:
  {"open": URL, "width": W, "height": H, "scale": S}   open a page (viewport W x H CSS px at pixel ratio S)
  {"open": URL, "emulate": false}                      open a page as the browser is (e.g. --force-device-scale-factor)
  {"eval": JS}                                           the expression's value (promises awaited)
  {"wait": JS, "timeout": SECONDS}                       waits until JS is truthy; its value, or {"timeout": JS}
  {"key": NAME, "shift": BOOL}                           presses and releases a key (ArrowLeft, Home, " ", "i", ...)
  {"focus": CSS_SELECTOR}                                focuses an element
  {"write": PATH, "text": TEXT}                          replaces a file as editors do (new file, then rename)
  {"sleep": SECONDS}
  {"screenshot": PATH}                                   a PNG of the viewport
"""
import base64, json, os, subprocess, sys, time

KEYS = {"ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40, "Home": 36, "End": 35, " ": 32,
        "PageUp": 33, "PageDown": 34, "Enter": 13}


class Browser:
    def __init__(self, chromium, profile, flags):
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def wire():
            # Through fresh numbers first: a pipe end that already is fd 3 or 4 would keep its close-on-exec flag.
            a, b = os.dup(to_r), os.dup(from_w)
            os.dup2(a, 3)
            os.dup2(b, 4)
        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
             "--user-data-dir=" + profile, "--no-first-run"] + flags + ["about:blank"],
            preexec_fn=wire, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.next_id = 0
        self.buffer = b""
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True})["sessionId"]
        for domain in ("Page.enable", "Runtime.enable"):
            self.call(domain, session=True)

    def call(self, method, params=None, session=False, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self.to_w, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while time.time() < deadline:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_r, 1 << 16)
                if not chunk:
                    raise RuntimeError("Chromium closed the pipe")
                self.buffer += chunk
            text, self.buffer = self.buffer.split(b"\0", 1)
            answer = json.loads(text)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(method + ": " + json.dumps(answer["error"]))
                return answer.get("result", {})
        raise RuntimeError(method + ": no answer")

    def eval(self, js):
        r = self.call("Runtime.evaluate", {"expression": js, "returnByValue": True, "awaitPromise": True}, session=True)
        if "exceptionDetails" in r:
            return {"exception": r["exceptionDetails"].get("exception", {}).get("description", "error")}
        return r["result"].get("value")

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def main():
    steps = json.load(sys.stdin)
    browser = Browser(sys.argv[1], sys.argv[2], sys.argv[3:])
    results = []
    try:
        for step in steps:
            if "open" in step:
                if step.get("emulate", True):
                    browser.call("Emulation.setDeviceMetricsOverride", {"width": step.get("width", 900), "height": step.get("height", 700),
                                 "deviceScaleFactor": step.get("scale", 1), "mobile": False}, session=True)
                browser.call("Page.navigate", {"url": step["open"]}, session=True)
                results.append(True)
            elif "emulate" in step:
                # The screen changes under an open page (a window moved to another screen).
                browser.call("Emulation.setDeviceMetricsOverride", {"width": step.get("width", 900), "height": step.get("height", 700),
                             "deviceScaleFactor": step["emulate"], "mobile": False}, session=True)
                results.append(True)
            elif "eval" in step:
                results.append(browser.eval(step["eval"]))
            elif "wait" in step:
                deadline, value = time.time() + step.get("timeout", 15), None
                while time.time() < deadline:
                    try:
                        value = browser.eval(step["wait"])
                    except RuntimeError:
                        value = None
                    if value and not (isinstance(value, dict) and "exception" in value):
                        break
                    time.sleep(0.05)
                else:
                    value = {"timeout": step["wait"]}
                results.append(value)
            elif "key" in step:
                key, mods = step["key"], 8 if step.get("shift") else 0
                code = KEYS.get(key, ord(key.upper()) if len(key) == 1 else 0)
                common = {"key": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code, "modifiers": mods}
                down = dict(common, type="keyDown")
                if len(key) == 1:
                    down["text"] = key
                browser.call("Input.dispatchKeyEvent", down, session=True)
                browser.call("Input.dispatchKeyEvent", dict(common, type="keyUp"), session=True)
                results.append(True)
            elif "focus" in step:
                results.append(browser.eval("(function(){var e=document.querySelector(%s);if(!e)return false;e.focus();return document.activeElement===e;})()" % json.dumps(step["focus"])))
            elif "write" in step:
                temporary = step["write"] + ".editor-tmp"
                with open(temporary, "w") as f:
                    f.write(step["text"])
                os.replace(temporary, step["write"])
                results.append(True)
            elif "sleep" in step:
                time.sleep(step["sleep"])
                results.append(True)
            elif "screenshot" in step:
                data = browser.call("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
                with open(step["screenshot"], "wb") as f:
                    f.write(base64.b64decode(data))
                results.append(True)
            else:
                results.append({"unknown step": step})
    finally:
        browser.close()
    json.dump(results, sys.stdout)


main()
