"""Engineering: sewer extensions, their designs and the Town Engineer's review (§118-29..36)."""
