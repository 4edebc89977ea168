"""The registry over REST: parcels, owners, buildings, accounts, meters and reads, and the sewer network.

Lists take the same filters as the staff UI's lists (``registry.filters``) and ``limit``/``offset``
(at most 500 a page). Every endpoint asks the role (``registry.view_<model>``, ``add_``, ``change_``);
creations and changes go through ``registry.actions``, so they leave the same history as the staff
UI's. Refusals: 401 without a session or token, 403 for the wrong role, 404 for an unknown id, 422 for
bad data with ``{"detail": [{"loc": [...], "msg": ...}]}``.
"""

import hashlib
from collections.abc import Callable
from typing import Any, TypeVar

import django_filters as df
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, models
from django.db.models import Exists, F, OuterRef
from django.http import HttpRequest
from ninja import Field, Query, Router, Schema, Status
from ninja.errors import HttpError
from ninja.errors import ValidationError as NinjaValidationError
from ninja.pagination import LimitOffsetPagination, paginate
from pydantic import create_model

from sewerworks.core.api.auth import require
from sewerworks.core.api.errors import record_or_404
from sewerworks.core.api.schemas import MAX_PAGE, ErrorOut, PageInput
from sewerworks.core.models import ImportBatch
from sewerworks.core.records import generation
from sewerworks.registry import actions, filters, reads
from sewerworks.registry import api_schemas as s
from sewerworks.registry.choices import ConnectionStatus, PrivateSystemStatus
from sewerworks.registry.meters import do_replace_meter
from sewerworks.registry.models import (
    Building,
    Connection,
    ImprovementArea,
    Manhole,
    MeterRead,
    Owner,
    Parcel,
    PrivateSystem,
    SewerAccount,
    SewerMain,
    TreatmentPlant,
    WaterMeter,
)

router = Router(tags=["registry"])
M = TypeVar("M", bound=models.Model)
T = TypeVar("T")
REFUSALS = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}


class RegistryPagination(LimitOffsetPagination):
    """``limit`` (1-500, default 50) and ``offset``; the answer has ``items`` and the total ``count``.

    The total is kept under the table generations (``core.records.generation.kept``, keyed by the count's SQL):
    a client walking the pages of a list counts it once, not on every page, while its table does not change;
    a committed write to it moves its generation, so a count is never older than the last write (issue 19: the
    reads' count was most of the reads API's database time)."""

    Input = PageInput  # type: ignore[assignment]  # the one shape of limit and offset (core.api.schemas)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_limit=MAX_PAGE, **kwargs)

    def _items_count(self, queryset: Any) -> int:
        if not isinstance(queryset, models.QuerySet):
            return super()._items_count(queryset)
        sql, params = queryset.query.sql_with_params()
        asked = hashlib.sha256(f"{queryset.db}\n{sql}\n{params!r}".encode()).hexdigest()[:32]
        return generation.kept(f"api-count:{asked}", lambda: self._count_now(queryset))

    def _count_now(self, queryset: Any) -> int:
        return int(super()._items_count(queryset))


def filter_query(filterset: type[df.FilterSet]) -> type[Schema]:
    """The query-string schema of a FilterSet, so the OpenAPI document lists each filter with its help."""
    fields: dict[str, Any] = {}
    for name, f in filterset.base_filters.items():
        help_text = f.extra.get("help_text") or ""
        label = str(f.label or name)
        description = f"{label[:1].upper()}{label[1:]}. {help_text}".strip()
        fields[name] = (str | None, Field(None, max_length=200, description=description))
    return create_model(filterset.__name__.replace("FilterSet", "Query"), __base__=Schema, **fields)


def _filtered(filterset: type[df.FilterSet], query: Schema, qs: models.QuerySet[M]) -> models.QuerySet[M]:
    data = query.model_dump(exclude_none=True)
    if not data:  # no filter given: the FilterSet would change nothing (and costs a request's millisecond)
        return qs
    fs = filterset(data, queryset=qs)
    if not fs.is_valid():
        raise NinjaValidationError(
            [{"loc": ["query", name], "msg": " ".join(msgs)} for name, msgs in fs.errors.items()]
        )
    qs = fs.qs
    return qs


def _act(fn: Callable[..., T], *args: Any, fk: tuple[str, ...] = (), **kwargs: Any) -> T:
    """Run an action; its refusals become 403 and 422 answers naming the rule or the field."""
    try:
        return fn(*args, **kwargs)
    except PermissionDenied as exc:
        raise HttpError(403, str(exc) or "Your role does not allow this.") from exc
    except reads.RowErrors as exc:
        raise NinjaValidationError(
            [{"loc": ["body", "batch", "reads", e.row, e.field], "msg": e.message} for e in exc.rows]
        ) from exc
    except DjangoValidationError as exc:
        raise NinjaValidationError(_django_errors(exc, fk)) from exc
    except IntegrityError as exc:
        raise NinjaValidationError([{"loc": ["body"], "msg": f"Refused by the database: {exc}"}]) from exc


def _django_errors(exc: DjangoValidationError, fk: tuple[str, ...]) -> list[dict[str, Any]]:
    if not hasattr(exc, "error_dict"):
        return [{"loc": ["body"], "msg": m} for m in exc.messages]
    out: list[dict[str, Any]] = []
    for field, messages in exc.message_dict.items():
        name = f"{field}_id" if field in fk else field
        loc = ["body", "payload"] if field == NON_FIELD_ERRORS else ["body", "payload", name]
        out.extend({"loc": loc, "msg": m} for m in messages)
    return out


def _create(request: HttpRequest, model_name: str, payload: Schema, fk: tuple[str, ...] = ()) -> Any:
    require(request, f"registry.add_{model_name}")
    data = payload.model_dump()
    return _act(actions.do_create_record, model_name, data, acting_user=request.user, fk=fk, reason="Created (API)")


def _update(request: HttpRequest, obj: M, payload: Schema, fk: tuple[str, ...] = ()) -> M:
    require(request, f"registry.change_{obj._meta.model_name}")
    data = payload.model_dump(exclude_unset=True)
    saved: M = _act(actions.do_update_record, obj, data, acting_user=request.user, fk=fk, reason="Edited (API)")
    return saved


# --- Sewer Improvement Areas ----------------------------------------------------------------------------

@router.get("/improvement-areas", response={200: list[s.ImprovementAreaOut], **REFUSALS}, summary="Improvement areas")
@paginate(RegistryPagination)
def list_areas(request: HttpRequest, q: filter_query(filters.ImprovementAreaFilterSet) = Query(...)) -> Any:  # type: ignore[valid-type,type-arg]
    require(request, "registry.view_improvementarea")
    return _filtered(filters.ImprovementAreaFilterSet, q, ImprovementArea.objects.all())


@router.get("/improvement-areas/{area_id}", response={200: s.ImprovementAreaOut, **REFUSALS})
def get_area(request: HttpRequest, area_id: int) -> Any:
    require(request, "registry.view_improvementarea")
    return record_or_404(ImprovementArea.objects.all(), area_id, "Sewer Improvement Area")


# --- Parcels --------------------------------------------------------------------------------------------

def _parcels() -> models.QuerySet[Parcel]:
    connected = Connection.objects.filter(building__parcel=OuterRef("pk"), status=ConnectionStatus.CONNECTED)
    in_use = PrivateSystem.objects.filter(parcel=OuterRef("pk"), status=PrivateSystemStatus.IN_USE)
    return Parcel.objects.select_related("improvement_area").annotate(
        connected=Exists(connected), private_system_in_use=Exists(in_use)
    )


@router.get("/parcels", response={200: list[s.ParcelOut], **REFUSALS}, summary="Parcels, filtered")
@paginate(RegistryPagination)
def list_parcels(request: HttpRequest, q: filter_query(filters.ParcelFilterSet) = Query(...)) -> Any:  # type: ignore[valid-type,type-arg]
    require(request, "registry.view_parcel")
    return _filtered(filters.ParcelFilterSet, q, _parcels())


@router.get("/parcels/{parcel_id}", response={200: s.ParcelOut, **REFUSALS}, summary="A parcel")
def get_parcel(request: HttpRequest, parcel_id: int) -> Any:
    require(request, "registry.view_parcel")
    return record_or_404(_parcels(), parcel_id, "parcel")


@router.post("/parcels", response={201: s.ParcelOut, **REFUSALS}, summary="Add a parcel")
def create_parcel(request: HttpRequest, payload: s.ParcelIn) -> Any:
    parcel = _create(request, "parcel", payload, fk=("improvement_area",))
    return Status(201, record_or_404(_parcels(), parcel.pk, "parcel"))


@router.patch("/parcels/{parcel_id}", response={200: s.ParcelOut, **REFUSALS}, summary="Change a parcel")
def update_parcel(request: HttpRequest, parcel_id: int, payload: s.ParcelPatch) -> Any:  # type: ignore[valid-type]
    require(request, "registry.change_parcel")
    _update(request, record_or_404(Parcel.objects.all(), parcel_id, "parcel"), payload, fk=("improvement_area",))
    return record_or_404(_parcels(), parcel_id, "parcel")


@router.post("/parcels/{parcel_id}/transfer", response={201: s.OwnershipOut, **REFUSALS},
             summary="Record a new owner of a parcel")
def transfer_parcel(request: HttpRequest, parcel_id: int, payload: s.TransferIn) -> Any:
    require(request, "registry.change_ownership")
    parcel = record_or_404(Parcel.objects.all(), parcel_id, "parcel")
    owner = Owner.objects.filter(pk=payload.owner_id).first()
    if owner is None:
        raise NinjaValidationError([{"loc": ["body", "payload", "owner_id"], "msg": f"No owner {payload.owner_id}."}])
    ownership = _act(actions.do_transfer_ownership, parcel, owner, payload.on, acting_user=request.user,
                     reason=payload.reason)
    return Status(201, ownership)


# --- Owners, buildings, accounts, meters ----------------------------------------------------------------

def _crud(
    path: str, model: type[M], what: str, out: type[Schema], inp: type[Schema], patch: type[Schema],
    filterset: type[df.FilterSet], qs: Callable[[], models.QuerySet[M]], fk: tuple[str, ...] = (),
) -> None:
    """List, detail, create and change endpoints for one editable record."""
    name = str(model._meta.model_name)
    query = filter_query(filterset)

    @router.get(f"/{path}", response={200: list[out], **REFUSALS}, summary=f"{what.capitalize()}s, filtered",  # type: ignore[valid-type]
                operation_id=f"list_{name}")
    @paginate(RegistryPagination)
    def list_(request: HttpRequest, q: query = Query(...)) -> Any:  # type: ignore[valid-type,type-arg]
        require(request, f"registry.view_{name}")
        return _filtered(filterset, q, qs())

    @router.get(f"/{path}/{{pk}}", response={200: out, **REFUSALS}, summary=f"A {what}", operation_id=f"get_{name}")
    def get_(request: HttpRequest, pk: int) -> Any:
        require(request, f"registry.view_{name}")
        return record_or_404(qs(), pk, what)

    @router.post(f"/{path}", response={201: out, **REFUSALS}, summary=f"Add a {what}", operation_id=f"add_{name}")
    def create_(request: HttpRequest, payload: inp) -> Any:  # type: ignore[valid-type]
        return Status(201, record_or_404(qs(), _create(request, name, payload, fk=fk).pk, what))

    @router.patch(f"/{path}/{{pk}}", response={200: out, **REFUSALS}, summary=f"Change a {what}",
                  operation_id=f"change_{name}")
    def update_(request: HttpRequest, pk: int, payload: patch) -> Any:  # type: ignore[valid-type]
        require(request, f"registry.change_{name}")
        _update(request, record_or_404(model._default_manager.all(), pk, what), payload, fk=fk)
        return record_or_404(qs(), pk, what)


_crud("owners", Owner, "owner", s.OwnerOut, s.OwnerIn, s.OwnerPatch, filters.OwnerFilterSet, Owner.objects.all)
_crud("buildings", Building, "building", s.BuildingOut, s.BuildingIn, s.BuildingPatch, filters.BuildingFilterSet,
      lambda: Building.objects.select_related("connection"), fk=("parcel",))
_crud("sewer-accounts", SewerAccount, "sewer account", s.SewerAccountOut, s.SewerAccountIn, s.SewerAccountPatch,
      filters.SewerAccountFilterSet, SewerAccount.objects.all, fk=("parcel",))
_crud("water-meters", WaterMeter, "water meter", s.WaterMeterOut, s.WaterMeterIn, s.WaterMeterPatch,
      filters.WaterMeterFilterSet, WaterMeter.objects.all, fk=("account",))


@router.post("/water-meters/{meter_id}/certify", response={200: s.WaterMeterOut, **REFUSALS},
             summary="Certify a meter installed and working (§118-25)")
def certify_meter(request: HttpRequest, meter_id: int, payload: s.CertifyIn) -> Any:
    require(request, "registry.change_watermeter")
    meter = record_or_404(WaterMeter.objects.all(), meter_id, "water meter")
    return _act(actions.do_certify_meter, meter, payload.on, acting_user=request.user)


@router.post("/water-meters/{meter_id}/replace", response={201: s.MeterChangeOut, **REFUSALS},
             summary="Replace a meter: its final read, the new meter and its initial read (§118-52, I-60)")
def replace_meter(request: HttpRequest, meter_id: int, payload: s.MeterReplaceIn) -> Any:
    """All or nothing; a refusal names its field (``final_reading``, ``initial_reading``, ``replaced_on``,
    ``new_serial``, ``source``)."""
    require(request, "registry.replace_watermeter")
    meter = record_or_404(WaterMeter.objects.all(), meter_id, "water meter")
    change = _act(
        do_replace_meter,
        meter,
        new_serial=payload.new_serial,
        replaced_on=payload.replaced_on,
        final_reading=payload.final_reading,
        initial_reading=payload.initial_reading,
        source=payload.source,
        reason=payload.reason.strip(),
        acting_user=request.user,
    )
    made = {r.pk: r for r in _reads().filter(pk__in=[change.final_read.pk, change.initial_read.pk])}
    return Status(201, {
        "old": change.old,
        "new": change.new,
        "final_read": made[change.final_read.pk],
        "initial_read": made[change.initial_read.pk],
        "audit_event_id": change.audit_event.pk,
    })


# --- Meter reads ----------------------------------------------------------------------------------------

# The order of the list: meter id, then read date, then source. It is unique (one read per meter, day and
# source) so pages never overlap or skip a read, and the index of that uniqueness serves it, so a page
# costs the same however many reads the table holds (issue 19; was by the meter's serial: a join, a scan
# and a sort of every read for each page).
READS_ORDER = ("meter_id", "read_on", "source")


def _reads() -> models.QuerySet[MeterRead]:
    """The reads with their meter's serial and their recorder's username (what ``MeterReadOut`` shows of
    them) in the same query, not the two whole rows."""
    named = MeterRead.objects.annotate(meter_serial=F("meter__serial"), created_by_username=F("created_by__username"))
    return named.order_by(*READS_ORDER)


class ReadsPagination(RegistryPagination):
    """The registry's pages; unfiltered, the total ``count`` is every read less those of import batches not
    yet published (two counts the table's own count and the ``import_run`` index answer), not a test of
    each row against the pending batches."""

    def _count_now(self, queryset: Any) -> int:
        if not getattr(queryset, "unfiltered_reads", False):
            return super()._count_now(queryset)
        pending = ImportBatch.objects.exclude(status=ImportBatch.Status.PUBLISHED).values("run")
        every = MeterRead._base_manager
        return int(every.count() - every.filter(import_run__in=pending).count())


@router.get("/meter-reads", response={200: list[s.MeterReadOut], **REFUSALS}, summary="Meter reads, filtered")
@paginate(ReadsPagination)
def list_reads(request: HttpRequest, q: filter_query(filters.MeterReadFilterSet) = Query(...)) -> Any:  # type: ignore[valid-type,type-arg]
    """Ordered by ``meter_id``, then ``read_on``, then ``source``: one meter's reads together, oldest
    first, in the same order on every page (the three name one read), so ``offset`` pages neither repeat
    nor skip a read. To follow one meter, filter by ``meter`` or ``serial``."""
    require(request, "registry.view_meterread")
    reads = _filtered(filters.MeterReadFilterSet, q, _reads())
    reads.unfiltered_reads = not q.model_dump(exclude_none=True)  # type: ignore[attr-defined]  # see ReadsPagination
    return reads


@router.get("/meter-reads/{read_id}", response={200: s.MeterReadOut, **REFUSALS}, summary="A meter read")
def get_read(request: HttpRequest, read_id: int) -> Any:
    require(request, "registry.view_meterread")
    return record_or_404(_reads(), read_id, "meter read")


@router.post("/meter-reads", response={201: s.MeterReadBatchOut, **REFUSALS}, summary="Record a batch of reads")
def record_reads(request: HttpRequest, batch: s.MeterReadBatchIn) -> Any:
    """All or nothing: a 422 lists every refused row (``loc`` ends with the row index and field)."""
    require(request, "registry.add_meterread")
    rows = [r.model_dump() for r in batch.reads]
    done = _act(reads.do_record_meter_reads, rows, acting_user=request.user, run=batch.run)
    return Status(201, {"run": done.run, "count": done.count, "audit_event_id": done.audit_event.pk})


# --- The public sewer network (read-only here) ----------------------------------------------------------

def _read_only(path: str, model: type[M], what: str, out: type[Schema], filterset: type[df.FilterSet]) -> None:
    name = str(model._meta.model_name)
    query = filter_query(filterset)

    @router.get(f"/{path}", response={200: list[out], **REFUSALS}, summary=f"{what.capitalize()}s",  # type: ignore[valid-type]
                operation_id=f"list_{name}")
    @paginate(RegistryPagination)
    def list_(request: HttpRequest, q: query = Query(...)) -> Any:  # type: ignore[valid-type,type-arg]
        require(request, f"registry.view_{name}")
        return _filtered(filterset, q, model._default_manager.all())

    @router.get(f"/{path}/{{pk}}", response={200: out, **REFUSALS}, summary=f"A {what}", operation_id=f"get_{name}")
    def get_(request: HttpRequest, pk: int) -> Any:
        require(request, f"registry.view_{name}")
        return record_or_404(model._default_manager.all(), pk, what)


_read_only("sewer-mains", SewerMain, "sewer main", s.SewerMainOut, filters.SewerMainFilterSet)
_read_only("manholes", Manhole, "manhole", s.ManholeOut, filters.ManholeFilterSet)
_read_only("treatment-plants", TreatmentPlant, "treatment plant", s.TreatmentPlantOut, filters.TreatmentPlantFilterSet)
