"""Every change to the registry: atomic ``do_*`` actions, each checking the user's role and leaving history.

Editable records (parcels, owners, buildings, accounts, meters, the sewer network) are saved through
``do_create_record`` / ``do_update_record`` or their named forms (``do_save_parcel``...): the role is
asked through ``rules`` (``registry.add_<model>`` / ``registry.change_<model>``), the record is
validated (``full_clean`` plus checks that hold on every database: whole numbers within the column,
no NUL characters, geometry of the declared type with plausible coordinates), and the save writes a
simple-history row naming the user and the reason. Meter reads are append-only and arrive in bulk:
``registry.reads.do_record_meter_reads`` (with the rules a read must meet) writes a batch
in one transaction with one AuditEvent.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone

from sewerworks.core.access.permissions import require, say_who_may
from sewerworks.core.access.roles import WATER_SUPERINTENDENT, has_role
from sewerworks.core.text import NUL_MESSAGE, has_nul
from sewerworks.registry.models import (
    AssessedValue,
    Building,
    Connection,
    ImprovementArea,
    Lateral,
    Manhole,
    Owner,
    Ownership,
    Parcel,
    PrivateSystem,
    SewerAccount,
    SewerMain,
    TreatmentPlant,
    WaterMeter,
)
from sewerworks.registry.models.fields import WKTField

M = TypeVar("M", bound=models.Model)

EDITABLE: dict[str, type[models.Model]] = {
    m._meta.model_name: m  # type: ignore[misc]
    for m in (ImprovementArea, Parcel, AssessedValue, Owner, Ownership, Building, Connection, PrivateSystem,
              SewerAccount, WaterMeter, TreatmentPlant, Manhole, SewerMain, Lateral)
}

# Who keeps what (sewerworks/registry/rules.py), said in words for the refusal message.
_KEEPERS = "the clerk, the Sewer Superintendent and the administrator"
_METER_KEEPERS = "the Water Superintendent, the clerk, the Sewer Superintendent and the administrator"
_NETWORK_KEEPERS = "the Town Engineer, the Sewer Superintendent and the administrator"
KEEPERS_OF: dict[str, str] = {name: _KEEPERS for name in EDITABLE}
KEEPERS_OF.update({"watermeter": _METER_KEEPERS, "meterread": _METER_KEEPERS})
KEEPERS_OF.update({n: _NETWORK_KEEPERS for n in ("treatmentplant", "manhole", "sewermain", "lateral")})
say_who_may({f"registry.{verb}_{name}": who for name, who in KEEPERS_OF.items() for verb in ("add", "change")})
say_who_may({"registry.replace_watermeter": _METER_KEEPERS})

# Ranges of the integer columns as PostgreSQL enforces them (SQLite would take any 64-bit number).
_INT_RANGES: dict[str, tuple[int, int]] = {
    "SmallIntegerField": (-32768, 32767), "PositiveSmallIntegerField": (0, 32767),
    "IntegerField": (-2147483648, 2147483647), "PositiveIntegerField": (0, 2147483647),
    "BigIntegerField": (-(2**63), 2**63 - 1), "PositiveBigIntegerField": (0, 2**63 - 1),
    "ForeignKey": (1, 2**63 - 1), "OneToOneField": (1, 2**63 - 1),
}
# A geometry may be of its declared type, or a parcel in several pieces.
_GEOM_TYPES = {"Polygon": {"Polygon", "MultiPolygon"}, "Point": {"Point"}, "LineString": {"LineString"}}
MAX_COORDINATE_FT = 1e8  # EPSG:2260 eastings and northings in New York are well under this
MAX_DIALS = 12



def wkt_type_error(value: str, geom_type: str) -> str | None:
    """Why ``value`` (WKT) is not a usable ``geom_type`` geometry in EPSG:2260 feet, or None."""
    if not value:
        return None
    from shapely import wkt
    from shapely.errors import ShapelyError

    try:
        geom = wkt.loads(value)
    except (ShapelyError, ValueError, TypeError):
        return None  # validate_wkt (run by full_clean) says why the text is not WKT
    allowed = _GEOM_TYPES.get(geom_type, {geom_type})
    if geom_type and geom.geom_type not in allowed:
        return f"Expected a {geom_type} geometry, got a {geom.geom_type}."
    bounds = geom.bounds
    if bounds and not all(math.isfinite(v) and abs(v) <= MAX_COORDINATE_FT for v in bounds):
        return f"Coordinates must be EPSG:2260 feet (within ±{MAX_COORDINATE_FT:,.0f})."
    return None


def portable_errors(instance: models.Model, only: set[str] | None = None) -> dict[str, list[str]]:
    """Checks every database would make (so that a bad value is a field error, never a database error)."""
    errors: dict[str, list[str]] = {}
    for field in instance._meta.concrete_fields:
        if only is not None and field.name not in only:
            continue
        value = getattr(instance, field.attname)
        if value is None:
            continue
        bounds = _INT_RANGES.get(field.get_internal_type())
        if bounds and isinstance(value, int) and not bounds[0] <= value <= bounds[1]:
            errors.setdefault(field.name, []).append(f"Must be between {bounds[0]} and {bounds[1]}.")
        if isinstance(value, str) and has_nul(value):
            errors.setdefault(field.name, []).append(f"Must not contain a NUL character ({NUL_MESSAGE}).")
        if isinstance(field, WKTField) and isinstance(value, str):
            problem = wkt_type_error(value, field.geom_type)
            if problem:
                errors.setdefault(field.name, []).append(problem)
    if isinstance(instance, WaterMeter) and (only is None or "dials" in only):
        if not isinstance(instance.dials, int) or not 1 <= instance.dials <= MAX_DIALS:
            errors.setdefault("dials", []).append(f"A register has 1 to {MAX_DIALS} dials.")
    return errors


def _assign(instance: models.Model, data: Mapping[str, Any]) -> set[str]:
    """Set the editable fields named in ``data`` (a foreign key as the record or ``<name>_id``)."""
    fields = {f.name: f for f in instance._meta.concrete_fields if f.editable and not f.primary_key}
    unknown: dict[str, str] = {}
    touched: set[str] = set()
    for key, value in data.items():
        name = key[:-3] if key.endswith("_id") and key[:-3] in fields else key
        field = fields.get(name)
        if field is None:
            unknown[key] = f"Not a field of a {instance._meta.verbose_name}."
            continue
        if field.is_relation and not isinstance(value, models.Model):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                unknown[key] = "Must be the id (a whole number) of the record."
                continue
            setattr(instance, field.attname, value)
        else:
            try:
                setattr(instance, field.name, value)
            except (TypeError, ValueError) as exc:  # a record of the wrong kind for a foreign key
                unknown[key] = str(exc)
                continue
        touched.add(name)
    if unknown:
        raise ValidationError(unknown)
    return touched


def _full_validate(instance: models.Model) -> None:
    errors = portable_errors(instance)
    if errors:
        raise ValidationError(errors)  # before full_clean: its lookups would overflow on these values
    instance.full_clean()


def _save_with_history(instance: M, *, acting_user: Any, reason: str) -> M:
    instance._change_reason = reason  # type: ignore[attr-defined]
    instance._history_user = acting_user  # type: ignore[attr-defined]
    instance.save()
    return instance


def do_create_record(model_name: str, data: Mapping[str, Any], *, acting_user: Any, reason: str = "") -> models.Model:
    """Create a registry record of ``model_name`` (``parcel``, ``owner``...) from field values."""
    model = EDITABLE.get(model_name)
    if model is None:
        if model_name == "meterread":
            raise ValidationError("Meter reads are recorded in batches: use do_record_meter_reads.")
        raise ValidationError(f"'{model_name}' is not an editable registry record.")
    require(acting_user, f"registry.add_{model_name}", f"add a {model._meta.verbose_name}")
    with transaction.atomic():
        instance = model()
        _assign(instance, data)
        _full_validate(instance)
        return _save_with_history(instance, acting_user=acting_user, reason=reason or "Created")


def do_update_record(instance: M, data: Mapping[str, Any], *, acting_user: Any, reason: str = "") -> M:
    """Change the fields named in ``data`` on a registry record; history keeps the old values."""
    name = instance._meta.model_name
    if name not in EDITABLE:
        raise ValidationError(f"A {instance._meta.verbose_name} cannot be edited here (append-only or not ours).")
    require(acting_user, f"registry.change_{name}", f"change a {instance._meta.verbose_name}")
    with transaction.atomic():
        fresh = type(instance)._default_manager.select_for_update().get(pk=instance.pk)
        _assign(fresh, data)
        _full_validate(fresh)
        _save_with_history(fresh, acting_user=acting_user, reason=reason or "Edited")
    for field in fresh._meta.concrete_fields:
        setattr(instance, field.attname, getattr(fresh, field.attname))
    return instance


def _save(model_name: str, instance: M | None, data: Mapping[str, Any], acting_user: Any, reason: str) -> M:
    if instance is None:
        return do_create_record(model_name, data, acting_user=acting_user, reason=reason)  # type: ignore[return-value]
    return do_update_record(instance, data, acting_user=acting_user, reason=reason)


def do_save_parcel(parcel: Parcel | None, data: Mapping[str, Any], *, acting_user: Any, reason: str = "") -> Parcel:
    """Add a parcel (``parcel=None``) or change one: tax map number, address, area, class, geometry."""
    return _save("parcel", parcel, data, acting_user, reason)


def do_save_owner(owner: Owner | None, data: Mapping[str, Any], *, acting_user: Any, reason: str = "") -> Owner:
    """Add or change an owner: the name and mailing address notices and bills go to."""
    return _save("owner", owner, data, acting_user, reason)


def do_save_building(
    building: Building | None, data: Mapping[str, Any], *, acting_user: Any, reason: str = ""
) -> Building:
    """Add or change a building on a parcel (its use, dwelling units, seats)."""
    return _save("building", building, data, acting_user, reason)


def do_save_account(
    account: SewerAccount | None, data: Mapping[str, Any], *, acting_user: Any, reason: str = ""
) -> SewerAccount:
    """Open or change a sewer account (§118-49, 52)."""
    return _save("seweraccount", account, data, acting_user, reason)


def do_save_meter(
    meter: WaterMeter | None, data: Mapping[str, Any], *, acting_user: Any, reason: str = ""
) -> WaterMeter:
    """Add or change a water meter. Its certification is ``do_certify_meter``'s alone (§118-25)."""
    if "certified_on" in data or "certified_by" in data:
        raise ValidationError({"certified_on": "Only the Water Superintendent certifies a meter (§118-25)."})
    return _save("watermeter", meter, data, acting_user, reason)


def do_transfer_ownership(
    parcel: Parcel, owner: Owner, on: dt.date, *, acting_user: Any, reason: str = ""
) -> Ownership:
    """Record that ``owner`` owns ``parcel`` from ``on``: the current ownership ends the day before."""
    require(acting_user, "registry.change_ownership", "record a change of ownership")
    require(acting_user, "registry.add_ownership", "record a change of ownership")
    with transaction.atomic():
        current = list(Ownership.objects.select_for_update().filter(parcel=parcel, end__isnull=True))
        for held in current:
            if held.owner_id == owner.pk:
                raise ValidationError({"owner": f"{owner} already owns {parcel.tax_map_number}."})
            if held.start is not None and held.start >= on:
                raise ValidationError(
                    {"start": f"{held.owner} has owned it since {held.start}: the transfer must be later."}
                )
        note = reason or f"Transferred to {owner} on {on.isoformat()}"
        for held in current:
            do_update_record(held, {"end": on - dt.timedelta(days=1)}, acting_user=acting_user, reason=note)
        new = do_create_record(
            "ownership", {"parcel": parcel, "owner": owner, "start": on}, acting_user=acting_user, reason=note
        )
    return new  # type: ignore[return-value]


can_certify_meters = has_role(WATER_SUPERINTENDENT)


def may_certify_meters(user: Any) -> bool:
    """§118-25 makes certifying the Water Superintendent's act (or an assistant's), whatever else a role may
    change: that role (or an administrator), holding the meter's change permission."""
    if user is None or not can_certify_meters.test(user):
        return False
    return bool(user.has_perm("registry.change_watermeter"))


def require_certifier(user: Any) -> None:
    """``PermissionDenied`` naming who may, unless :func:`may_certify_meters`."""
    if not may_certify_meters(user):
        require(None, "registry.change_watermeter", "certify a water meter (§118-25)",
                who_may="the Water Superintendent or an assistant")


def do_certify_meter(meter: WaterMeter, on: dt.date, *, acting_user: Any, reason: str = "") -> WaterMeter:
    """§118-25: "Prior to connection, the Water Superintendent or assistant shall certify that the meter is
    installed and working properly." Records the date and who certified it: on or after the meter's
    installation (I-49), never a day still to come (I-50)."""
    require_certifier(acting_user)
    problems: dict[str, str] = {}
    if on > timezone.localdate():
        problems["certified_on"] = "A certification cannot be dated in the future."
    elif meter.installed_on is None or meter.installed_on > on:
        problems["installed_on"] = "The meter must be installed before it is certified (§118-25)."
    elif meter.removed_on is not None and meter.removed_on <= on:
        problems["removed_on"] = f"The meter was removed on {meter.removed_on}."
    elif meter.defective_since is not None and meter.defective_since <= on:
        problems["defective_since"] = f"The meter is recorded defective since {meter.defective_since}."
    if problems:
        raise ValidationError(problems)
    name = acting_user.get_full_name() or acting_user.get_username()
    with transaction.atomic():
        fresh = WaterMeter.objects.select_for_update().get(pk=meter.pk)
        fresh.certified_on, fresh.certified_by = on, name[:120]
        _full_validate(fresh)
        _save_with_history(fresh, acting_user=acting_user, reason=reason or "Certified (§118-25)")
    meter.certified_on, meter.certified_by = fresh.certified_on, fresh.certified_by
    return meter

