"""The law as code: Chapter 118 (Sewers) of the Town of Marlborough, NY.

Pure Python, no Django, no database. The Django apps import this package; it never imports them.
Interpretation ids (I-01 ...) are our readings of the text, recorded in ``docs/interpretations.md``; see
:mod:`sewerworks.ordinance.interpretations`.
"""
