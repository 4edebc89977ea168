"""A PostgreSQL cluster of the test's own, which the test may stop (``-m immediate``) and start again."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import tempfile
from pathlib import Path

PGBIN = Path(os.environ.get("PGBIN", "/usr/lib/postgresql/15/bin"))
if not (PGBIN / "initdb").exists() and shutil.which("initdb"):
    PGBIN = Path(shutil.which("initdb") or "").parent


def available() -> bool:
    return (PGBIN / "initdb").exists()


class Cluster:
    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="sewerworks-outage-"))
        self.port = 40000 + random.randrange(10000)  # noqa: S311 - a port, not a secret
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

    def start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off -c max_connections=40"
        self._pg(
            "pg_ctl", "-D", str(self.dir / "data"), "-w", "-l", str(self.dir / "server.log"), "-o", options, "start"
        )

    def stop(self, mode: str = "immediate") -> None:
        self._pg("pg_ctl", "-D", str(self.dir / "data"), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        try:
            self.stop("fast")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)
