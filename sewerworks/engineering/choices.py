"""Choice lists of sewer extensions, in the ordinance's words (§118-29..31)."""

from django.db import models


class Builder(models.TextChoices):
    """Who builds the extension: the town under public contract (§118-30), or, when the town does not elect
    to, the property owner, a builder or a developer (§118-31)."""

    TOWN = "town", "The town, under public contract (§118-30)"
    OWNER = "owner", "The property owner (§118-31)"
    BUILDER = "builder", "A builder (§118-31)"
    DEVELOPER = "developer", "A developer (§118-31)"


class Authority(models.TextChoices):
    """Who must approve an extension before construction: the Town Engineer and the New York State
    Department of Health (§118-29), and the Town Board when an owner, builder or developer builds (§118-31)."""

    TOWN_ENGINEER = "town_engineer", "Town Engineer (§118-29)"
    NYS_DOH = "nys_doh", "New York State Department of Health (§118-29)"
    TOWN_BOARD = "town_board", "Town Board (§118-31)"


class ProjectStatus(models.TextChoices):
    """The extension's own words: under construction once the Town Engineer's inspection starts (a permit's
    status is ``in_construction``; an extension is a project, not a permit)."""

    UNDER_REVIEW = "under_review", "Under review"
    APPROVED = "approved", "Approved for construction"
    UNDER_CONSTRUCTION = "under_construction", "Under construction"


class SecurityKind(models.TextChoices):
    """The guaranty securities the town may demand (§118-35: "a completion bond and/or maintenance bond or
    certified check")."""

    COMPLETION_BOND = "completion_bond", "Completion bond"
    MAINTENANCE_BOND = "maintenance_bond", "Maintenance bond"
    CERTIFIED_CHECK = "certified_check", "Certified check"


class SectionResult(models.TextChoices):
    """An exfiltration test's result (§118-34): a test that is not valid is refused, never recorded. A planned
    section with no test yet is "untested" (shown, never stored)."""

    PASSED = "passed", "Passed"
    FAILED = "failed", "Failed"


class DesignFormat(models.TextChoices):
    GEOJSON = "geojson", "GeoJSON"
    SWMM = "swmm", "EPA SWMM 5 input file"


class ElementKind(models.TextChoices):
    """What an element of a design is. A file's nodes other than manholes keep their own names (an outfall is
    not a manhole), and a link open at the top is a channel, not a pipe (I-143)."""

    PIPE = "pipe", "Pipe"
    MANHOLE = "manhole", "Manhole"
    OUTFALL = "outfall", "Outfall"
    STORAGE = "storage", "Storage unit"
    DIVIDER = "divider", "Flow divider"
    CHANNEL = "channel", "Open channel"


class Severity(models.TextChoices):
    """A finding's severity, as the ordinance's Decision gives it."""

    FAILS = "fails", "Fails"
    DISCRETION = "discretion", "Needs review"
    COMPLIES = "complies", "Complies"


class ReviewOutcome(models.TextChoices):
    FAILS = "fails", "Fails"
    NEEDS_REVIEW = "needs-review", "Needs the Town Engineer's review"
    COMPLIES = "complies", "Complies"


def required_authorities(builder: str) -> list[str]:
    """The approvals an extension needs before construction (§118-29; §118-31 adds the Town Board)."""
    needed = [Authority.TOWN_ENGINEER.value, Authority.NYS_DOH.value]
    if builder != Builder.TOWN:
        needed.append(Authority.TOWN_BOARD.value)
    return needed
