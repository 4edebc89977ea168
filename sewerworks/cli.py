"""The ``sewerworks`` command: Django's management commands under one name.

``sewerworks determine --list``, ``sewerworks worker``, ``sewerworks demo`` ... are management
commands of the sewerworks apps; ``sewerworks --help`` lists them all, ``sewerworks CMD --help``
describes one.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sewerworks.settings")
    from django.core.management import execute_from_command_line

    args = list(sys.argv[1:] if argv is None else argv)
    execute_from_command_line(["sewerworks", *args])


if __name__ == "__main__":
    main()
