"""The hauler's manifest, an import kind of the shared framework (``core.imports``): one CSV row per
interceptor pumped out, entered in that establishment's pump-out log (§118-38 Recordkeeping).

Columns (header first, any order): ``manifest_number``, ``hauler_license``, ``service_date`` (YYYY-MM-DD),
``tax_map_number``, ``establishment`` (the name, needed only when a parcel has more than one),
``volume_gal``, ``disposal_facility``, ``nysdec_approved`` (yes/no, may be empty). A row that cannot be
entered is named with its field and the rule; an all-or-none import then writes nothing, and a "valid rows
only" import enters the others and writes a reject file of the bad rows (their cells, row and error).
Each row is entered through ``do_record_pump_out`` when the batch is published, so a pump-out on a manifest
corrects what a pump-out in the log corrects.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from sewerworks.core.imports.common import RowError
from sewerworks.core.imports.csvrows import check_csv_rows
from sewerworks.core.imports.kinds import Checked, ImportKind, register_import_kind
from sewerworks.grease.actions.pumpouts import do_record_pump_out, licensed_on
from sewerworks.grease.models import FoodServiceEstablishment, Hauler, Interceptor, PumpOut

REQUIRED = ("manifest_number", "hauler_license", "service_date", "tax_map_number", "volume_gal")
OPTIONAL = ("establishment", "disposal_facility", "nysdec_approved")
YES, NO = {"yes", "y", "true", "1"}, {"no", "n", "false", "0"}


@dataclass
class ManifestRow:
    number: int
    manifest_number: str
    hauler: Hauler
    interceptor: Interceptor
    pumped_on: dt.date
    volume_gal: Decimal
    disposal_facility: str
    nysdec_approved: bool | None


class _Reader:
    def __init__(self, as_of: dt.date) -> None:
        self.as_of = as_of
        self.haulers = {h.license_number.lower(): h for h in Hauler.objects.all()}
        self.errors: list[RowError] = []
        self.seen: set[tuple[int, str]] = set()

    def interceptor(self, n: int, cell: dict[str, str]) -> Interceptor | None:
        tax_map = cell["tax_map_number"]
        here = list(
            FoodServiceEstablishment.objects.filter(building__parcel__tax_map_number=tax_map).select_related("building")
        )
        if cell.get("establishment"):
            here = [e for e in here if e.name.lower() == cell["establishment"].lower()]
        if len(here) != 1:
            why = "no food service establishment is registered on" if not here else "name the establishment on"
            self.errors.append(RowError(n, "tax_map_number", f"{why} parcel {tax_map!r}"))
            return None
        found = here[0].current_interceptor()
        if found is None:
            self.errors.append(RowError(n, "tax_map_number", f"{here[0].name} has no interceptor on record"))
        return found

    def row(self, n: int, cell: dict[str, str]) -> ManifestRow | None:
        before = len(self.errors)

        def err(field: str, message: str) -> None:
            self.errors.append(RowError(n, field, message))

        for name in REQUIRED:
            if not cell.get(name):
                err(name, "is empty")
        if len(self.errors) > before:
            return None
        hauler = self.haulers.get(cell["hauler_license"].lower())
        if hauler is None:
            err("hauler_license", f"no licensed hauler {cell['hauler_license']!r} is recorded")
        try:
            day = dt.date.fromisoformat(cell["service_date"])
        except ValueError:
            err("service_date", f"{cell['service_date']!r} is not a date YYYY-MM-DD")
            day = None
        if day is not None and day > self.as_of:
            err("service_date", f"{day} is still to come (I-50)")
        if hauler is not None and day is not None and not licensed_on(hauler, day):
            err("hauler_license", f"{hauler.name}'s license expired on {hauler.license_expires_on} (§118-38: licensed)")
        try:
            volume = Decimal(cell["volume_gal"].replace(",", ""))
            if not volume.is_finite() or volume <= 0 or volume != volume.to_integral_value():
                raise InvalidOperation
        except InvalidOperation:
            err("volume_gal", f"{cell['volume_gal']!r} is not a whole number of gallons above 0")
            volume = Decimal(0)
        approved_cell = cell.get("nysdec_approved", "").lower()
        if approved_cell and approved_cell not in YES | NO:
            err("nysdec_approved", f"{cell['nysdec_approved']!r} is not yes or no")
        interceptor = self.interceptor(n, cell)
        if hauler is not None:
            key = (hauler.pk, cell["manifest_number"])
            if key in self.seen or PumpOut.objects.filter(hauler=hauler, manifest_number=key[1]).exists():
                err("manifest_number", f"manifest {key[1]} of {hauler.name} is already in the log")
            self.seen.add(key)
        if interceptor is not None and day is not None and day < interceptor.installed_on:
            err("service_date", f"before the interceptor was installed ({interceptor.installed_on})")
        if len(self.errors) > before or hauler is None or day is None or interceptor is None:
            return None
        return ManifestRow(
            number=n, manifest_number=cell["manifest_number"], hauler=hauler, interceptor=interceptor,
            pumped_on=day, volume_gal=volume, disposal_facility=cell.get("disposal_facility", ""),
            nysdec_approved=None if not approved_cell else approved_cell in YES,
        )  # fmt: skip


@register_import_kind
class HaulerManifestKind(ImportKind):
    name = "grease-manifest"
    label = "a hauler's pump-out manifest"
    permission = "grease.import_manifests"
    audit_action = "import_grease_manifest"
    count_names = ("new",)
    written_counts = ("new",)
    order = 300
    what = "import a hauler's manifest"
    who_may = "the clerk or the Superintendent"

    def check(self, data: bytes, *, context: dict[str, Any], as_of: dt.date) -> Checked:
        reader = _Reader(as_of)
        return check_csv_rows(data, REQUIRED, reader)

    def apply(self, checked: Checked, writer: Any, *, acting_user: Any, reason: str) -> None:
        rows: list[ManifestRow] = checked.payload

        def enter() -> None:
            for row in rows:  # the hauler's record, no receipt of the owner's (I-103)
                do_record_pump_out(
                    interceptor=row.interceptor, pumped_on=row.pumped_on, hauler=row.hauler,
                    volume_gal=row.volume_gal, disposal_facility=row.disposal_facility,
                    nysdec_approved_disposal=row.nysdec_approved, manifest_number=row.manifest_number,
                    acting_user=acting_user,
                )  # fmt: skip

        writer.on_publish(enter)
