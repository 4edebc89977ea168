"""The permits' field inspections (§§118-24..28): building-sewer and opening permits registered as subjects of
``sewerworks.inspections``, the order §§118-25 and 118-26 set (topic ``inspection-order``), and the hand-offs a
result starts: the re-excavation order for a trench filled first (I-131), the connection recorded through
enforcement's one action with the duties it opens, the building a permit did not name (I-132), the §118-54
charge (once its schedule exists), the §118-24 cut fees (I-133) and the §118-27 restoration deadline."""
