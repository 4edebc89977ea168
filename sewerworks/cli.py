"""The ``sewerworks`` command: Django's management commands under one name.

``sewerworks determine --list``, ``sewerworks worker``, ``sewerworks demo`` ... are management
commands of the sewerworks apps; ``sewerworks --help`` lists them all, ``sewerworks CMD --help``
describes one. ``sewerworks determine`` answers without starting Django when the packaged parameters are the
law in force (``determine_cli.py``): a pure computation needs no web framework.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["determine"]:
        from sewerworks.determine_cli import main as determine

        status = determine(args[1:])
        if status:
            sys.exit(status)
        if status == 0:
            return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sewerworks.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(["sewerworks", *args])


if __name__ == "__main__":
    main()
