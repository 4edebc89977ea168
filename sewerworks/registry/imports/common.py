"""What the registry's imports share: the tax map number pattern."""

from __future__ import annotations

import re

# A tax map number is section.block-lot as Ulster County writes it: "108.12-3-45" or "108-3-45"
# (the section may have a subsection after a dot; the lot may carry a suffix such as "45.1").
TAX_MAP_NUMBER_RE = re.compile(r"^\d{1,4}(?:\.\d{1,3})?-\d{1,3}-\d{1,4}(?:\.\d{1,4})?$")
