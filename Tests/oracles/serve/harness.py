"""What the browser checks share (browser_check.py, render_check.py): one line per check, the
vault's environment at the tests' moment, screenshots into SHOTS, and the closing tally."""
import os

NOW = "2026-11-18T09:00:00Z"
SHOTS = os.environ.get("SHOTS")
results = []


def check(name, ok, detail=""):
    """Records a check; any value that is not true (an empty list too) fails it."""
    ok = bool(ok)
    results.append(ok)
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + str(detail)), flush=True)


def env_for(root):
    env = dict(os.environ)
    env.update({"VAULT_DIR": root, "VAULT_NOW": NOW, "NO_COLOR": "1", "VAULT_NO_WATCHER": "1"})
    return env


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name + ".png"), full_page=True)


def tally():
    """Prints `N passed, N failed`; the exit status."""
    failed = results.count(False)
    print(f"{results.count(True)} passed, {failed} failed")
    return 1 if failed else 0
