"""The grease program records interceptors, so the §118-38 duty of a preexisting facility connected without
one (enforcement's ``install-interceptor`` rule, I-51) now excludes the buildings that have one on record."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, QuerySet

from sewerworks.enforcement.duties.builtin import INTERCEPTOR_ON_RECORD
from sewerworks.grease.models import Interceptor
from sewerworks.registry.models import Building


def without_an_interceptor_on_record(qs: QuerySet[Building]) -> QuerySet[Building]:
    has_one = Interceptor.objects.filter(establishment__building=OuterRef("pk"), removed_on__isnull=True)
    return qs.filter(~Exists(has_one))


if without_an_interceptor_on_record not in INTERCEPTOR_ON_RECORD:
    INTERCEPTOR_ON_RECORD.append(without_an_interceptor_on_record)
