"""The law as code: Chapter 118 (Sewers) of the Town of Marlborough, NY.

Pure Python, no Django, no database. The Django apps import this package; it never imports them.
Interpretation ids (I-01 ...) refer to ``shared/ordinance/INTERPRETATIONS.md``; see
:mod:`sewerworks.ordinance.interpretations`.
"""
