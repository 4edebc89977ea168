"""Random identifiers the database makes itself, for the public side (issue 37): a record shown to the public
(a parcel, a bill, a notice) is named there by a random public id, never by its number, and an account's bill
carries a random access code.

The database fills them (``db_default``), so the set-based writers that insert rows with their own column
lists (the bill run, the roll import, the demo) get one for every row without knowing of them, and a migration
adding the column fills every existing row. SQLite: ``randomblob`` (its generator is seeded from the operating
system); PostgreSQL: ``gen_random_uuid()`` (built in from version 13: 122 random bits of the operating system's
generator), through MD5 for 32 even hex digits.

No unique index: every public lookup is scoped by the person's links first (``sewerworks.public.scope``), so the
id only has to differ among the few records one person may see; 128 random bits (122 on PostgreSQL) make two
equal ids as good as impossible anywhere, and an index would cost the bill run a random insert per bill.
"""

from __future__ import annotations

from typing import Any

from django.db import models

PUBLIC_ID_LENGTH = 32
ACCESS_CODE_LENGTH = 10


class RandomHex(models.Func):
    """``length`` random hexadecimal digits (lower case), made by the database."""

    output_field = models.CharField()

    def __init__(self, length: int, **extra: Any) -> None:
        if not 1 <= length <= 32:
            raise ValueError("a random hex string of 1 to 32 digits")
        self.length = length
        super().__init__(**extra)

    def deconstruct(self) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
        return ("sewerworks.core.models.public_ids.RandomHex", (self.length,), {})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RandomHex) and other.length == self.length

    def __hash__(self) -> int:
        return hash(("RandomHex", self.length))

    def as_sql(
        self, compiler: Any, connection: Any, function: str | None = None, template: str | None = None,
        arg_joiner: str | None = None, **extra: Any,
    ) -> tuple[str, list[str | int]]:  # fmt: skip
        # SQLite: hex digits of as many random bytes as needed, cut to the length.
        nbytes = (self.length + 1) // 2
        return f"(substr(lower(hex(randomblob({nbytes}))), 1, {self.length}))", []

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[str | int]]:
        # The MD5 digest of a version-4 UUID (122 random bits of the operating system's generator): 32 digits.
        digits = "md5(gen_random_uuid()::text)"
        return f"(substr({digits}, 1, {self.length}))", []


def public_id_field() -> models.CharField[Any, Any]:
    """The column a record shown on the public side is named by there."""
    return models.CharField(
        "public id",
        max_length=PUBLIC_ID_LENGTH,
        db_default=RandomHex(PUBLIC_ID_LENGTH),
        editable=False,
        help_text="Random: how the public side names the record (never its number).",
    )
