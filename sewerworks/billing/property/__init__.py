"""The charges that run with the property beside the sewer bill (§118-53, §118-54): the connection charge, billed
on its own bill and paid by name (``connection``), its late penalty if the Board's reading gives one (``steps``),
the Town Clerk's search letter (``letter``) and a sale (``sale``).

May import: Django, the ordinance, core, the registry and billing's models, actions, ledger, pending posting and
capital charge. Never billing's views or API.
"""
