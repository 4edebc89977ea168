"""Two pump-outs on one day (issue 30, item 1). A second real pump-out the same day is a second line of the
log, and the establishment's page and API still answer (they answered 500: the day came back twice from a
``SELECT DISTINCT`` the model's ordering had widened). An exact repeat of an entry (the same interceptor, day,
hauler, volume and manifest) is that entry: the API answers 200 with it and writes nothing (I-175)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from sewerworks.grease.actions import do_record_pump_out
from sewerworks.grease.models import PumpOut

pytestmark = pytest.mark.django_db
JSON = "application/json"


def _post(client: Any, trap: Any, **entry: Any) -> Any:
    return client.post(f"/api/grease/interceptors/{trap.pk}/pump-outs", entry, content_type=JSON)


def test_two_pump_outs_the_same_day_leave_the_establishment_readable_on_the_page_and_the_api(
    client_as: Any, trap: Any, hauler: Any
) -> None:
    clerk = client_as("clerk")
    for day in ("2026-01-05", "2026-05-04"):
        assert _post(clerk, trap, pumped_on=day, hauler_id=hauler.pk, volume_gal="1500").status_code == 201
    # the trap was pumped twice on 2026-05-04: a second truck took the rest
    assert _post(clerk, trap, pumped_on="2026-05-04", hauler_id=hauler.pk, volume_gal="400").status_code == 201
    assert PumpOut.objects.filter(interceptor=trap).count() == 3

    api = clerk.get(f"/api/grease/establishments/{trap.establishment_id}")
    assert api.status_code == 200, api.content
    assert api.json()["predicted_on"] == "2026-08-31"  # one interval, 119 days, after the last day
    listed = clerk.get("/api/grease/establishments")
    assert listed.status_code == 200 and listed.json()["items"][0]["predicted_on"] == "2026-08-31"
    page = clerk.get(f"/grease/establishments/{trap.establishment_id}/")
    assert page.status_code == 200
    assert "Predicted to reach 80% 2026-08-31" in page.content.decode()


def test_both_paths_take_the_same_days(trap: Any, hauler: Any, staff: Any) -> None:
    from sewerworks.grease.readings import pump_out_days

    for day, gallons in ((dt.date(2026, 1, 5), 1500), (dt.date(2026, 5, 4), 1500), (dt.date(2026, 5, 4), 400)):
        do_record_pump_out(interceptor=trap, pumped_on=day, hauler=hauler, volume_gal=Decimal(gallons),
                           acting_user=staff.clerk)  # fmt: skip
    read = list(trap.pump_outs.all())  # the model's ordering: newest first
    assert pump_out_days(read) == pump_out_days(trap) == [dt.date(2026, 1, 5), dt.date(2026, 5, 4)]


def test_an_exact_repeat_returns_the_entry_already_in_the_log(client_as: Any, trap: Any, hauler: Any) -> None:
    clerk = client_as("clerk")
    entry = {"pumped_on": "2026-05-04", "hauler_id": hauler.pk, "volume_gal": "1500", "manifest_number": "M-7"}
    first = _post(clerk, trap, **entry)
    assert first.status_code == 201
    again = _post(clerk, trap, **entry)
    assert again.status_code == 200 and again.json() == first.json()
    assert PumpOut.objects.filter(interceptor=trap).count() == 1
    # without a manifest number, the same: a resubmitted form is not a second pump-out
    bare = {"pumped_on": "2026-05-05", "hauler_id": hauler.pk, "volume_gal": "900"}
    assert _post(clerk, trap, **bare).status_code == 201
    assert _post(clerk, trap, **bare).status_code == 200
    assert PumpOut.objects.filter(interceptor=trap).count() == 2


def test_a_second_real_pump_out_the_same_day_is_accepted(client_as: Any, trap: Any, hauler: Any) -> None:
    clerk = client_as("clerk")
    entry = {"pumped_on": "2026-05-04", "hauler_id": hauler.pk, "volume_gal": "1500", "manifest_number": "M-7"}
    assert _post(clerk, trap, **entry).status_code == 201
    other_manifest = _post(clerk, trap, **{**entry, "manifest_number": "M-8"})
    other_volume = _post(clerk, trap, **{**entry, "manifest_number": "", "volume_gal": "1499"})
    assert (other_manifest.status_code, other_volume.status_code) == (201, 201)
    assert PumpOut.objects.filter(interceptor=trap, pumped_on="2026-05-04").count() == 3
    # the same manifest with another volume is not a repeat: the manifest is already in the log
    clash = _post(clerk, trap, **{**entry, "volume_gal": "1400"})
    assert clash.status_code == 422 and "Manifest M-7" in clash.json()["detail"]


def test_the_action_says_whether_it_entered_the_pump_out(trap: Any, hauler: Any, staff: Any) -> None:
    entry = {"interceptor": trap, "pumped_on": dt.date(2026, 5, 4), "hauler": hauler, "volume_gal": Decimal(1500)}
    made = do_record_pump_out(acting_user=staff.clerk, **entry)
    repeated = do_record_pump_out(acting_user=staff.clerk, **entry)
    assert made.entered and not repeated.entered and repeated.pk == made.pk


def test_the_form_resubmitted_says_the_pump_out_is_already_in_the_log(client_as: Any, trap: Any, hauler: Any) -> None:
    clerk = client_as("clerk")
    url = f"/grease/establishments/{trap.establishment_id}/pump-outs/new/"
    form = {"pumped_on": "2026-05-04", "hauler": hauler.pk, "volume_gal": "1500"}
    assert clerk.post(url, form).status_code == 302
    again = clerk.post(url, form, follow=True)
    assert "already in the log" in again.content.decode()
    assert PumpOut.objects.filter(interceptor=trap).count() == 1
