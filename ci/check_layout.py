#!/usr/bin/env python3
"""Checks an HTML report's layout in headless Chromium: at desktop widths no table is wider
than the box it sits in (nothing cut off, nothing to scroll sideways), and on a phone no page is
wider than the screen (a table may scroll inside its own box, the page may not).

Source listings (table.code) are left out: a long line of code scrolls sideways by design, as in
any code view, rather than wrapping.

Usage: check_layout.py CHROMIUM SITE_FOLDER [--pages N]
Looks at the index, covgate mutate's page and the changes page when there are ones, and the N largest file pages (default 3:
the largest carry the longest names and, after a per-test run, the longest test lists). Opens the
folded parts (<details>) first, so what a click would show is measured too. Prints one line per
fault and exits 1 when there is any, 0 otherwise.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser  # noqa: E402

DESKTOP = ("1400x900", "1920x1080")
PHONE = "390x844"

# Every visible table wider than its box (its .scroll wrapper, or its parent), with the box's
# width; and the page's width against the window's.
MEASURE = """(() => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const faults = [];
  for (const table of document.querySelectorAll('table')) {
    const rect = table.getBoundingClientRect();
    if (rect.width === 0 || table.classList.contains('code')) continue;
    const box = table.closest('.scroll') || table.parentElement;
    if (table.scrollWidth > box.clientWidth + 1) {
      const section = table.closest('section');
      const title = section && section.querySelector('h2, h1');
      faults.push(`table ${table.id || table.className || 'table'}` +
        ` (${title ? title.textContent.trim().slice(0, 40) : 'no heading'}):` +
        ` ${table.scrollWidth} px in a ${box.clientWidth} px box`);
    }
  }
  return {faults, page: document.documentElement.scrollWidth, window: innerWidth};
})()"""


def pages(site, count):
    chosen = [os.path.join(site, "index.html")] if os.path.exists(os.path.join(site, "index.html")) else []
    mutation = os.path.join(site, "covgate-mutation.html")
    if os.path.exists(mutation):
        chosen.append(mutation)
    changes = os.path.join(site, "changes.html")
    if os.path.exists(changes):
        chosen.append(changes)
    folder = os.path.join(site, "files")
    if os.path.isdir(folder):
        files = [os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".html")]
        chosen += sorted(files, key=os.path.getsize, reverse=True)[:count]
    return chosen


def main():
    args = sys.argv[1:]
    count = 3
    if "--pages" in args:
        at = args.index("--pages")
        count = int(args[at + 1])
        del args[at:at + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    chromium, site = args
    if not any(os.path.exists(os.path.join(site, name)) for name in ("index.html", "covgate-mutation.html")):
        sys.exit(f"check_layout: no index.html or covgate-mutation.html in {site}: give the folder the HTML report was written to")
    chosen = pages(site, count)
    process, session, profile = browser.launch(chromium)
    faults = []
    try:
        for page in chosen:
            name = os.path.relpath(page, site)
            for size in DESKTOP + (PHONE,):
                session.viewport(size)
                session.open("file://" + os.path.abspath(page))
                measured = session.evaluate(MEASURE)
                if size != PHONE:
                    faults += [f"{name} at {size}: {fault}" for fault in measured["faults"]]
                # Against the width asked for, not innerWidth: on a phone (mobile emulation) the
                # browser zooms out to fit a page wider than the screen, and innerWidth grows with it.
                width = int(size.split("x")[0])
                if measured["page"] > width:
                    faults.append(f"{name} at {size}: the page is {measured['page']} px wide in a "
                                  f"{width} px window")
        faults += [f"script error: {error}" for error in session.exceptions]
    finally:
        browser.close(process, profile)
    for fault in faults:
        print(fault)
    print(f"check_layout: {len(chosen)} pages at {', '.join(DESKTOP + (PHONE,))}: "
          f"{len(faults)} faults", file=sys.stderr)
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    main()
