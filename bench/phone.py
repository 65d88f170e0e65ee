"""What bench/load.py needs to look at the built site as a phone player would (issue 13).

- ``serve``: dist/ over HTTP as GitHub Pages serves it (gzip for text and wasm, not for zips or
  ``.br`` files; ``Cache-Control: max-age=600``, ``Last-Modified`` with 304s), optionally through
  a "fast 4G" network: 9 Mb/s down shared by every request, 60 ms before each answer. The
  throttle is the server's, so the worker's downloads are slowed like the page's (the browser's
  own network emulation is per page).
- ``CpuThrottle``: a mid-range phone's CPU, 4x slower. Chromium's DevTools throttle slows the
  page's main thread only ("Operation is only supported for pages, not workers"), so the engine's
  worker thread would run at full speed: every ``DedicatedWorker`` thread of the browser is put in a
  cgroup (v1 ``cpu``) allowed 25 ms of CPU per 100 ms, i.e. 4x slower, as soon as it appears.
- ``pss_mb``: the proportional set size of every process of one browser, from /proc.
"""

from __future__ import annotations

import contextlib
import email.utils
import functools
import gzip
import http.server
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

FAST_4G = {"bytes_per_s": 9_000_000 / 8, "latency_s": 0.060}
CGROUP = Path("/sys/fs/cgroup/cpu")


class Bucket:
    """A token bucket shared by every response: the link's bandwidth."""

    def __init__(self, rate: float) -> None:
        self.rate, self.lock, self.free_at = rate, threading.Lock(), time.monotonic()

    def take(self, n: int) -> None:
        with self.lock:
            start = max(self.free_at, time.monotonic())
            self.free_at = start + n / self.rate
            wait = self.free_at - time.monotonic()
        if wait > 0:
            time.sleep(wait)


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm",
                      ".webmanifest": "application/manifest+json",
                      ".br": "application/octet-stream"}  # as GitHub Pages: bytes, no Content-Encoding
    bucket: Bucket | None = None
    latency = 0.0
    cache: dict[str, bytes] = {}

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            self.send_error(404)
            return
        if self.latency:
            time.sleep(self.latency)
        mtime = email.utils.formatdate(int(path.stat().st_mtime), usegmt=True)
        if self.headers.get("If-Modified-Since") == mtime:
            self.send_response(304)
            self.end_headers()
            return
        body = path.read_bytes()
        zipped = path.suffix not in (".zip", ".png", ".br") and "gzip" in self.headers.get("Accept-Encoding", "")
        if zipped:
            key = str(path)
            if key not in self.cache:
                self.cache[key] = gzip.compress(body, 6)
            body = self.cache[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("Last-Modified", mtime)
        if zipped:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        for i in range(0, len(body), 16_384):
            chunk = body[i:i + 16_384]
            if self.bucket:
                self.bucket.take(len(chunk))
            self.wfile.write(chunk)

    def log_message(self, *args: Any) -> None:
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # as tests/e2e/conftest.py _Server: a page's burst must not be reset

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a page closed mid-download
            super().handle_error(request, client_address)


def serve(dist: Path, network: dict[str, float] | None = None) -> tuple[Server, str]:
    """Serve ``dist`` on a free loopback port; ``network`` e.g. FAST_4G."""
    attrs: dict[str, Any] = {"cache": {}}
    if network:
        attrs.update(bucket=Bucket(network["bytes_per_s"]), latency=network["latency_s"])
    handler = type("SiteHandler", (Handler,), attrs)
    server = Server(("127.0.0.1", 0), functools.partial(handler, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser_pids(marker: str) -> set[int]:
    """The processes of one browser: those whose command line holds ``marker`` (its profile
    directory) and all their descendants (the zygote's renderers do not carry it)."""
    parent: dict[int, int] = {}
    roots: set[int] = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            pid = int(stat.parent.name)
            parent[pid] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            if marker.encode() in (stat.parent / "cmdline").read_bytes():
                roots.add(pid)
        except (OSError, ValueError, IndexError):
            continue
    found = set(roots)
    for pid in parent:
        chain, p = [], pid
        while p in parent and p not in found and p > 1 and len(chain) < 64:
            chain.append(p)
            p = parent[p]
        if p in found:
            found.update(chain)
    return found


class CpuThrottle:
    """Every DedicatedWorker thread of one browser (its profile directory: ``marker``), while it
    lasts, in a cgroup at 1/``rate`` of a CPU."""

    def __init__(self, marker: str, rate: float = 4.0) -> None:
        self.marker, self.rate = marker, rate
        self.dir = CGROUP / f"briscola-bench-{os.getpid()}"
        self.stop = threading.Event()
        self.moved: set[int] = set()
        self.ok = False

    def __enter__(self) -> CpuThrottle:
        try:
            self.dir.mkdir(exist_ok=True)
            (self.dir / "cpu.cfs_period_us").write_text("100000")
            (self.dir / "cpu.cfs_quota_us").write_text(str(int(100000 / self.rate)))
            self.ok = True
        except OSError as exc:
            print(f"warning: no cgroup for the worker's CPU ({exc}); the worker runs unthrottled", file=sys.stderr)
            return self
        threading.Thread(target=self._watch, daemon=True).start()
        return self

    def _watch(self) -> None:
        tasks = self.dir / "tasks"
        pids: set[int] = set()
        rounds = 0
        while not self.stop.is_set():
            if rounds % 20 == 0:  # new renderers now and then; new threads every round
                pids = browser_pids(self.marker)
            rounds += 1
            for pid in pids:
                try:
                    comms = list(Path(f"/proc/{pid}/task").glob("[0-9]*/comm"))
                except OSError:
                    continue  # the process ended meanwhile
                for comm in comms:
                    try:
                        tid = int(comm.parent.name)
                        if tid not in self.moved and comm.read_text().startswith("DedicatedWorker"):
                            tasks.write_text(str(tid))
                            self.moved.add(tid)
                    except (OSError, ValueError):
                        continue  # the thread ended meanwhile
            self.stop.wait(0.005)

    def __exit__(self, *exc: Any) -> None:
        self.stop.set()
        if self.ok:
            root = CGROUP / "tasks"
            for tid in (self.dir / "tasks").read_text().split():
                with contextlib.suppress(OSError):  # the thread has ended
                    root.write_text(tid)
            with contextlib.suppress(OSError):
                self.dir.rmdir()


def pss_mb(marker: str) -> float:
    """The summed PSS (MB) of every process of one browser (see :func:`browser_pids`)."""
    total = 0
    for pid in browser_pids(marker):
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024
