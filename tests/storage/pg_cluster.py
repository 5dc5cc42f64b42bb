"""A throwaway PostgreSQL cluster for the tests: ``initdb`` and ``pg_ctl`` in a temporary folder.

PostgreSQL refuses to run as root, so as root the server runs as the ``postgres`` user (made by
Debian's package) through ``runuser``; its folder is handed to that user. It listens on
127.0.0.1 at a free port and on a socket in its own folder, with fsync off (nothing in it needs
to survive). Starting fails loudly with the server's log: the tests never skip PostgreSQL.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

USER = "makao"


class ClusterError(RuntimeError):
    """PostgreSQL could not be found or started; the message says what to install or what failed."""


def bindir() -> Path:
    """The folder with initdb and pg_ctl: ``pg_config --bindir``, else Debian's /usr/lib/postgresql/N/bin."""
    candidates = []
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        if out.returncode == 0:
            candidates.append(Path(out.stdout.strip()))
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    for path in candidates:
        if (path / "initdb").is_file() and (path / "pg_ctl").is_file():
            return path
    raise ClusterError("initdb/pg_ctl not found: install Debian's postgresql-15 (make postgres)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Cluster:
    """A running cluster: ``url(db)`` gives a psycopg 3 URL for one of its databases."""

    folder: Path
    port: int
    run_as: str | None

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def _command(self, args: list[str]) -> list[str]:
        return ["runuser", "-u", self.run_as, "--", *args] if self.run_as else args

    def run(self, args: list[str]) -> subprocess.CompletedProcess:
        return subprocess.run(self._command(args), capture_output=True, text=True, cwd=self.folder)

    def stop(self) -> None:
        self.run([str(bindir() / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)


def start_cluster() -> Cluster:
    """Creates and starts a cluster in a new temporary folder; raises ClusterError with the log."""
    bins = bindir()
    run_as = None
    folder = Path(tempfile.mkdtemp(prefix="makao-pg-"))
    if os.geteuid() == 0:
        try:
            account = pwd.getpwnam("postgres")
        except KeyError:
            raise ClusterError("running as root and there is no postgres user to run the server as") from None
        run_as = "postgres"
        os.chown(folder, account.pw_uid, account.pw_gid)
    folder.chmod(0o700)
    last = ""
    for _ in range(3):   # a port taken between choosing and binding: choose again
        cluster = Cluster(folder, _free_port(), run_as)
        if not cluster.data.exists():
            init = cluster.run([str(bins / "initdb"), "-D", str(cluster.data), "-U", USER, "-A", "trust",
                                "-E", "UTF8", "--no-locale", "--no-sync"])
            if init.returncode:
                shutil.rmtree(folder, ignore_errors=True)
                raise ClusterError(f"initdb failed:\n{init.stdout}\n{init.stderr}")
        options = (f"-c listen_addresses=127.0.0.1 -p {cluster.port} -k {folder} -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        log = folder / "server.log"
        started = cluster.run([str(bins / "pg_ctl"), "-D", str(cluster.data), "-o", options, "-l", str(log),
                               "-w", "-t", "60", "start"])
        if started.returncode == 0:
            return cluster
        last = f"{started.stdout}\n{started.stderr}\n{log.read_text() if log.exists() else ''}"
    shutil.rmtree(folder, ignore_errors=True)
    raise ClusterError(f"pg_ctl could not start PostgreSQL:\n{last}")
