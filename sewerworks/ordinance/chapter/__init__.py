"""Chapter 118 of the Town of Marlborough Code, as text and as a catalogue of sections."""

from sewerworks.ordinance.chapter.catalogue import (
    DEFINITION_HEADWORDS,
    Article,
    Definition,
    Section,
    UnknownSection,
    articles,
    definitions,
    section,
    sections,
)

__all__ = [
    "DEFINITION_HEADWORDS",
    "Article",
    "Definition",
    "Section",
    "UnknownSection",
    "articles",
    "definitions",
    "section",
    "sections",
]
