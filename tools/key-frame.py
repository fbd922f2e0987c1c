#!/usr/bin/env python3
"""tools/key-frame.py BIN N [ARGS...]: the time from a key to its frame, in a pty of 100x32.

Starts BIN (HOME = a fresh temp dir) in a pseudo-terminal, waits until it is quiet, then for
each key pair (open/close) presses the key N times alternately and measures, per press, the
wall time from writing the key to the first byte of output and to the last byte of the burst
(the burst ends when 40 ms pass with no output). Prints median and 90th percentile in ms."""
import os, pty, sys, time, select, fcntl, termios, struct, tempfile, statistics, signal

bin_, n = sys.argv[1], int(sys.argv[2]); args = sys.argv[3:]
home = tempfile.mkdtemp()
pid, fd = pty.fork()
if pid == 0:
    os.environ["HOME"] = home; os.environ["TERM"] = "xterm-256color"
    os.execv(bin_, [bin_] + args)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
os.kill(pid, signal.SIGWINCH)

def drain(quiet):
    """Reads until `quiet` seconds pass with no output; returns (bytes, time of last byte)."""
    got = 0; last = None
    while True:
        r, _, _ = select.select([fd], [], [], quiet)
        if not r: return got, last
        try: data = os.read(fd, 65536)
        except OSError: return got, last
        got += len(data); last = time.perf_counter()

drain(2.0)
cases = [("bet +/-", b"+", b"-"), ("hints t/t", b"t", b"t"), ("chart g/Esc", b"g", b"\x1b"),
         ("stats i/Esc", b"i", b"\x1b")]
for name, a, b in cases:
    for which in (0, 1):
      first, full, sizes = [], [], []
      for i in range(2 * n):
        key = a if i % 2 == 0 else b
        t0 = time.perf_counter(); os.write(fd, key)
        r, _, _ = select.select([fd], [], [], 2.0)
        t1 = time.perf_counter()
        got, last = drain(0.04)
        time.sleep(0.05)
        if i % 2 != which or not r or not got: continue
        first.append((t1 - t0) * 1e3); full.append(((last or t1) - t0) * 1e3); sizes.append(got)
      q = lambda xs, p: sorted(xs)[min(len(xs) - 1, int(p * len(xs)))]
      label = name.split()[1].split("/")[which]
      print(f"{name.split()[0]} {label!r}: {len(full)} frames, first byte median {statistics.median(first):.2f} ms, "
            f"frame done median {statistics.median(full):.2f} ms p90 {q(full, .9):.2f} ms, "
            f"bytes median {statistics.median(sizes):.0f}")
os.write(fd, b"q"); time.sleep(0.3); os.write(fd, b"y"); time.sleep(0.3)
try: os.kill(pid, signal.SIGKILL)
except ProcessLookupError: pass
os.waitpid(pid, 0)
