#!/usr/bin/env python3
"""What a JFR recording of scripts/http-load.sh says about the loaded feed page.

Picks the 20 s of the recording with the most execution samples in FeedResource.home (the run at
64 connections), then prints, for that window:
  - the share of execution samples whose stack holds each FRAME given (inclusive) and whose top
    frame is it (self);
  - the bytes the heap grew by between collections, per page at PAGES_PER_S (wrk's figure for the
    run), and the young and mixed collections counted and paused;
  - the ten allocation sites (class and top three frames) that took the most of the sampled bytes.

  SERVER_JAVA_OPTS='-XX:StartFlightRecording=filename=/tmp/feed.jfr,settings=profile' scripts/http-load.sh
  scripts/jfr-feed.py /tmp/feed.jfr 8761 RouteMetrics HomeFeedDesk.hydrate InvalidationBarrier

Needs the JDK's jfr on the PATH.
"""
import collections
import re
import subprocess
import sys

WINDOW_S = 20
HANDLER = "FeedResource.home"
UNITS = {"bytes": 1, "byte": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9, "ns": 1e-6, "us": 1e-3, "ms": 1, "s": 1e3}


def events(recording, name, depth=200):
    """Each event of that name as (seconds of the day, its text)."""
    text = subprocess.run(["jfr", "print", "--stack-depth", str(depth), "--events", name, recording],
                          capture_output=True, text=True, check=True).stdout
    found = []
    for block in re.split(r"^" + re.escape(name) + r" \{", text, flags=re.M)[1:]:
        start = re.search(r"startTime = (\d+):(\d+):([\d.]+)", block)
        if start:
            h, m, s = start.groups()
            found.append((int(h) * 3600 + int(m) * 60 + float(s), block))
    return found


def frames(block):
    return re.findall(r"^\s+([\w$.<>/]+)\(", block, flags=re.M)


def quantity(block, field):
    match = re.search(field + r" = ([\d.]+) (\w+)", block)
    return float(match.group(1)) * UNITS.get(match.group(2), 1) if match else 0.0


def busiest_window(samples):
    """The window's start: where WINDOW_S seconds hold the most samples in the handler."""
    times = sorted(t for t, stack in samples if any(HANDLER in f for f in stack))
    if not times:
        sys.exit(f"jfr-feed: no execution sample in {HANDLER}; was the recording made under load?")
    best, start, first = 0, times[0], 0
    for last, t in enumerate(times):
        while times[first] < t - WINDOW_S:
            first += 1
        if last - first + 1 > best:
            best, start = last - first + 1, t - WINDOW_S
    return start


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    recording, pages_per_s, wanted = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    samples = [(t, frames(b)) for t, b in events(recording, "jdk.ExecutionSample")]
    start = busiest_window(samples)
    inside = lambda t: start <= t <= start + WINDOW_S
    window = [stack for t, stack in samples if inside(t) and stack]
    print(f"{len(window)} execution samples in {WINDOW_S} s at {start:.0f} s of the day")
    for frame in [HANDLER] + wanted:
        inclusive = sum(1 for stack in window if any(frame in f for f in stack))
        own = sum(1 for stack in window if frame in stack[0])
        print(f"  {frame:50s} {100 * inclusive / len(window):5.1f}% inclusive {100 * own / len(window):5.1f}% self")

    grown, after = 0.0, None
    for t, block in events(recording, "jdk.GCHeapSummary", 0):
        used = quantity(block, "heapUsed")
        if '"Before GC"' in block and after is not None and inside(t):
            grown += used - after
        elif '"After GC"' in block:
            after = used
    collections_in = [quantity(b, "sumOfPauses") for t, b in events(recording, "jdk.GarbageCollection", 0) if inside(t)]
    pages = pages_per_s * WINDOW_S
    print(f"heap grown between collections: {grown / 1e6:.0f} MB, {grown / pages / 1e3:.1f} kB a page at {pages_per_s:.0f} pages/s;"
          f" {len(collections_in)} collections ({1000 * len(collections_in) / pages:.2f} per 1,000 pages),"
          f" paused {sum(collections_in):.0f} ms")

    sites, total = collections.Counter(), 0.0
    for t, block in events(recording, "jdk.ObjectAllocationSample", 16):
        if inside(t):
            weight = quantity(block, "weight")
            kind = re.search(r"objectClass = (\S+)", block)
            stack = frames(block)
            sites[(kind.group(1) if kind else "?") + " @ " + " < ".join(".".join(f.split(".")[-2:]) for f in stack[:3])] += weight
            total += weight
    print("sampled allocation by site:")
    for site, weight in sites.most_common(10):
        print(f"  {100 * weight / total:5.1f}% {site}")


if __name__ == "__main__":
    main()
