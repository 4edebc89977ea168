"""The ordinance browser: Chapter 118 article by article and section by section, with what implements it.

Apps that implement a section in a workflow (a notice, a bill run, a permit) say so from their
``AppConfig.ready()`` with :func:`declare_implemented`, so the browser's coverage figure stays honest as
they land::

    from sewerworks.core.ordinance_browser import declare_implemented
    declare_implemented("118-53", by="billing: late penalty on each unpaid bill")
"""

from sewerworks.core.ordinance_browser.coverage import (
    IMPLEMENTED_BY_APPS,
    NOT_COMPUTABLE,
    PROCEDURAL_ONLY,
    Status,
    declare_implemented,
)

__all__ = ["IMPLEMENTED_BY_APPS", "NOT_COMPUTABLE", "PROCEDURAL_ONLY", "Status", "declare_implemented"]
