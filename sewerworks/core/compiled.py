"""Reads a page makes on every request, turned into SQL once per process (issue 38, item 13).

Django compiles a queryset into SQL anew each time it runs it. For the small reads of a record's page (a
parcel's owners, buildings, accounts, the bills on it) that was most of their cost: about 0.3 ms of the web
process's CPU to compile a query the database answers in 0.03 ms, a dozen times a page.

:func:`compiled` takes a function making the queryset of one key (a parcel's pk, say) and returns a reader
of that key. On its first call in a process, the queryset is made with a stand-in key and compiled (as
the probes of ``core.records.sections`` were); every call then runs that SQL with the real key
in place of the stand-in and builds the rows exactly as Django does (model instances with their
``select_related`` rows, or the tuples of ``values_list``), through Django's own iterable and converters.

The queryset may depend on its key only, compared with a column as itself or as text (the same SQL for
every key; the law in force, today's date or a list of pks would be frozen into the first call's SQL), and
must not use ``prefetch_related`` (its queries are compiled per call). Each reader is one query, as the
queryset would be.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections

SENTINEL = 7_118_118_118_117  # stands for the key in the compiled SQL; never a real pk
_STATE = ("select", "klass_info", "annotation_col_map", "col_count", "has_extra_select")

Build = Callable[[Any], Any]  # key -> a queryset


class _Template:
    """A queryset compiled with the stand-in key: its SQL, its parameters and what its compiler worked out."""

    def __init__(self, build: Build, alias: str) -> None:
        self.queryset = build(SENTINEL)
        if self.queryset._prefetch_related_lookups:
            raise ValueError("a compiled read cannot prefetch: its prefetches would be compiled on every call")
        compiler = self.queryset.query.get_compiler(using=alias)
        self.sql, self.params = compiler.as_sql()
        self.state = {name: getattr(compiler, name) for name in _STATE}

    def run(self, key: Any, alias: str) -> list[Any]:
        sql = self.sql
        params = tuple(key if p == SENTINEL else str(key) if p == str(SENTINEL) else p for p in self.params)
        state = self.state
        queryset = self.queryset._chain()
        query = queryset.query

        def get_compiler(using: str | None = None, connection: Any = None, elide_empty: bool = True) -> Any:
            connection = connections[alias]
            compiler = connection.ops.compiler(query.compiler)(query, connection, alias, elide_empty)
            compiler.__dict__.update(state)  # what as_sql() works out, for Django's iterable
            compiler.as_sql = lambda *args, **kwargs: (sql, params)
            return compiler

        query.get_compiler = get_compiler  # type: ignore[method-assign]  # on this clone only
        return list(queryset)


def compiled(name: str, build: Build) -> Callable[[Any], list[Any]]:
    """A reader of ``build(key)``'s rows, its SQL compiled once per process and database vendor."""
    templates: dict[str, _Template] = {}
    lock = threading.Lock()

    def read(key: Any) -> list[Any]:
        if key == SENTINEL or key == str(SENTINEL):  # the stand-in itself (a URL may name any number)
            return list(build(key))
        vendor = connections[DEFAULT_DB_ALIAS].vendor
        template = templates.get(vendor)
        if template is None:
            with lock:
                template = templates.get(vendor) or _Template(build, DEFAULT_DB_ALIAS)
                templates[vendor] = template
        return template.run(key, DEFAULT_DB_ALIAS)

    read.__name__ = read.__qualname__ = name
    return read
