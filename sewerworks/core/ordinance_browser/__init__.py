"""The ordinance browser: Chapter 118 article by article and section by section, each section graded by what
a user can carry out in sewerworks, each requirement linked to its screen, action and test.

Owns: the requirements and their claims (``requirements.py``), the grading (``coverage.py``), the check that
every claim resolves against the code (``verify.py``), and the browser's screens. May import core's base
modules and the ordinance. Apps claim their requirements in their ``coverage.py``, loaded from their
``AppConfig.ready()``::

    from sewerworks.core.ordinance_browser.requirements import claim, complete, missing, rule_only
"""

from sewerworks.core.ordinance_browser.coverage import NOT_COMPUTABLE, Grade
from sewerworks.core.ordinance_browser.requirements import State, claim, complete, missing, rule_only

__all__ = ["NOT_COMPUTABLE", "Grade", "State", "claim", "complete", "missing", "rule_only"]
