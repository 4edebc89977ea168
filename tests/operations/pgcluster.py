"""A PostgreSQL cluster of the test's own, which the test may stop (``-m immediate``) and start again."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

PGBIN = Path(os.environ.get("PGBIN", "/usr/lib/postgresql/15/bin"))
if not (PGBIN / "initdb").exists() and shutil.which("initdb"):
    PGBIN = Path(shutil.which("initdb") or "").parent


def available() -> bool:
    return (PGBIN / "initdb").exists()


def free_port() -> int:
    """A loopback port nothing listens on now (the kernel's choice, so two tests never pick the same)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="sewerworks-outage-"))
        self.port = free_port()
        self.root = os.getuid() == 0
        self.user = "postgres" if self.root else os.environ.get("USER", "postgres")
        if self.root:
            shutil.chown(self.dir, "postgres")
        self.dir.chmod(0o700)
        self._pg("initdb", "-D", str(self.dir / "data"), "-A", "trust", "-U", self.user, "-E", "UTF8")
        self.start()
        self._pg("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", self.user, "sewerworks")

    @property
    def url(self) -> str:
        return f"postgres://{self.user}@127.0.0.1:{self.port}/sewerworks"

    def _pg(self, program: str, *args: str) -> None:
        command = [str(PGBIN / program), *args]
        if self.root:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)  # noqa: S603

    def start(self, attempts: int = 3) -> None:
        """Start the server on its port; when that fails (the port taken meanwhile, a slow machine), try again,
        and at last fail with the server's own log, which says why."""
        log = self.dir / "server.log"
        for attempt in range(attempts):
            options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off -c max_connections=40"
            try:
                self._pg(
                    "pg_ctl", "-D", str(self.dir / "data"), "-w", "-t", "120", "-l", str(log), "-o", options, "start"
                )  # noqa: E501
                return
            except subprocess.CalledProcessError as failed:
                told = log.read_text(errors="replace")[-3000:] if log.exists() else "(no server log)"
                if attempt == attempts - 1:
                    raise RuntimeError(f"pg_ctl start failed: {failed.stderr!r}\nserver log:\n{told}") from failed
                try:  # a server still coming up holds the data directory: stop it before the next try
                    self.stop("immediate")
                except subprocess.CalledProcessError:
                    pass
                self.port = free_port()

    def stop(self, mode: str = "immediate") -> None:
        self._pg("pg_ctl", "-D", str(self.dir / "data"), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        try:
            self.stop("fast")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)
