"""The owners' petition proposing an extension the town builds, and the Town Board's decision that the extension
warrants its cost (§118-30). The count is ``engineering.petition`` (I-142)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from sewerworks.core.access.permissions import require
from sewerworks.core.models import AuditEvent, BoardResolution
from sewerworks.core.records import events
from sewerworks.enforcement.actions.common import not_in_future
from sewerworks.engineering.actions.construction import WHO_RECORDS, _text
from sewerworks.engineering.actions.projects import _save
from sewerworks.engineering.choices import Builder, ProjectStatus
from sewerworks.engineering.models import ExtensionProject, PetitionSignature
from sewerworks.engineering.petition import benefiting, owners_of_record
from sewerworks.registry.models import Owner, Parcel
from sewerworks.registry.models.parcels import normalise_search

__all__ = ["do_record_signature", "do_record_warrant"]


def _town_builds(project: ExtensionProject, field: str) -> None:
    if project.builder != Builder.TOWN:
        raise ValidationError({field: "An owners' petition proposes an extension the town builds under public "
                               "contract (§118-30); this one an owner, builder or developer builds."})  # fmt: skip


def do_record_signature(
    *, project: ExtensionProject, parcel: Parcel, signer: str, signed_on: dt.date, acting_user: Any
) -> PetitionSignature:
    """Record one signature on the petition, for a benefiting parcel, matched to its owner of record by name
    where it is one (an unmatched signature is kept and listed, not counted: I-142)."""
    require(acting_user, "engineering.record_construction", "record a petition signature", who_may=WHO_RECORDS)
    _town_builds(project, "project")
    name = _text("signer", signer, 200, "the name of who signed")
    not_in_future("signed_on", signed_on, "A signature")
    benefits, limit = benefiting(project, signed_on)
    if parcel.pk not in {b.parcel.pk for b in benefits}:
        raise ValidationError({"parcel": f"{parcel.tax_map_number} does not benefit: no proposed main of the "
                               f"extension lies within {limit} ft of it (I-46), so its owner does not sign."})
    ids = owners_of_record([parcel], signed_on)[parcel.pk]
    wanted = normalise_search(name)
    owner = next((o for o in Owner.objects.filter(pk__in=ids).order_by("pk") if normalise_search(o.name) == wanted),
                 None)  # fmt: skip
    signature = PetitionSignature(project=project, parcel=parcel, signer=name, signed_on=signed_on, owner=owner,
                                  recorded_by=acting_user)  # fmt: skip
    with transaction.atomic():
        try:
            with transaction.atomic():
                signature.save()
        except IntegrityError:
            raise ValidationError({"signer": f"{name} has signed for {parcel.tax_map_number} already."}) from None
        AuditEvent.objects.create(actor=acting_user, action="do_record_signature", subject=str(signature)[:200],
                                  rows=1, detail={"project": project.pk, "matched_owner": owner.pk if owner else None})
        return signature


def do_record_warrant(
    *, project: ExtensionProject, resolution: BoardResolution, decided_on: dt.date, acting_user: Any
) -> ExtensionProject:
    """Record the Town Board's opinion, by ``resolution``, that the number of properties the extension serves
    warrants its cost (§118-30): the town builds it under public contract."""
    require(acting_user, "engineering.record_construction", "record the Board's decision", who_may=WHO_RECORDS)
    _town_builds(project, "resolution")
    not_in_future("decided_on", decided_on, "The Board's decision")
    if resolution.adopted_on > decided_on:
        raise ValidationError({"resolution": f"{resolution} was adopted after {decided_on}."})
    with transaction.atomic():
        project = ExtensionProject.objects.select_for_update().get(pk=project.pk)
        if project.warrant_resolution_id is not None:
            raise ValidationError({"resolution": f"The Board decided on {project.warranted_on} "
                                   f"({project.warrant_resolution})."})  # fmt: skip
        if project.status == ProjectStatus.UNDER_CONSTRUCTION:
            raise ValidationError({"resolution": "Construction has started."})
        project.warrant_resolution, project.warranted_on = resolution, decided_on
        project._occurred_at = events.as_moment(decided_on)  # type: ignore[attr-defined]  # I-114
        return _save(project, acting_user, f"The Board finds it warrants its cost ({resolution.instrument})")  # type: ignore[no-any-return]
