"""Runs a Python script (`parent_watch.py <script> <args…>`) that ends with the process that started it.

The server starts the engine with its standard input a pipe it keeps open and never writes to.
When the server dies, however it dies (SIGKILL included, when none of its own code runs), the
kernel closes its end of the pipe and a read on ours returns end-of-file. A thread of this process,
the gunicorn master, waits for that end-of-file and then kills the engine's process group: the
master and every worker it forked (they were started detached, as the group's leader).

Why a pipe rather than the alternatives:
- no race: if the server died before the thread starts reading, the read returns end-of-file at
  once, where prctl(PR_SET_PDEATHSIG) set after the parent's death is silently never fired;
- PR_SET_PDEATHSIG is Linux only, fires on the death of the parent *thread*, and is cleared on
  fork (workers would rely on the master); a pipe works on every POSIX system;
- no polling of the parent's pid (which a new process may reuse), no delay.

The thread lives in the master only (threads do not survive fork), and the workers inherit just
the reading end, which does not keep the pipe open. If standard input is not a pipe or a socket
(a terminal, /dev/null: someone started the engine by hand), nothing is watched.
"""
import os, runpy, signal, stat, sys, threading


def _watched_input():
    try:
        mode = os.fstat(0).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def _end_with_parent():
    try:
        while os.read(0, 4096):
            pass
    except OSError:
        pass
    try:
        print("parent_watch: the server is gone (its pipe closed): stopping", file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError):
        # Standard error was a pipe to the server, now closed too: nobody to tell.
        pass
    if os.getpgrp() == os.getpid():
        # The whole group at once: master and workers, whatever each is doing. The engine has no
        # state to save, and its only client is gone.
        os.killpg(os.getpid(), signal.SIGKILL)
    else:
        # Not a group leader: gunicorn's quick shutdown takes its workers down.
        os.kill(os.getpid(), signal.SIGINT)


def watch_parent():
    """Starts the watching thread; returns whether standard input is watched."""
    if not _watched_input():
        return False
    threading.Thread(target=_end_with_parent, name="parent-watch", daemon=True).start()
    return True


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: parent_watch.py <script> [arguments…]")
    watch_parent()
    sys.argv = sys.argv[1:]
    runpy.run_path(sys.argv[0], run_name="__main__")
