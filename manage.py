#!/usr/bin/env python
"""Django's manage.py; ``sewerworks`` (the console script) does the same."""

from sewerworks.cli import main

if __name__ == "__main__":
    main()
