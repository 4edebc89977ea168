"""A result and what it is refused for, writing nothing: photographs judged by content, answers that are items of
the checklist, a position on the globe, a result recorded twice; and the schedule, moved without a failure (I-134)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from sewerworks.inspections.actions import do_add_photo, do_record_result, do_schedule_inspection
from sewerworks.inspections.models import InspectionPhoto
from sewerworks.permits.tests.inspecting import D, all_yes

pytestmark = pytest.mark.django_db
PNG = b"\x89PNG\r\n\x1a\n" + b"0" * 64
JPEG = b"\xff\xd8\xff\xe0" + b"0" * 64


def _photo(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data)


def test_photographs_are_kept_with_the_result_and_served_to_staff(
    trench: Any, staff: Any, client: Any, settings: Any, tmp_path: Any
) -> None:
    settings.MEDIA_ROOT = str(tmp_path)
    done = do_record_result(
        trench,
        result="passed",
        inspected_on=D(2026, 4, 7),
        answers=all_yes(trench),
        photos=[_photo("a.png", PNG), _photo("b.jpg", JPEG)],
        caption="Trench open at 4 ft",
        latitude="41.6012",
        longitude="-73.9713",
        acting_user=staff.inspector,
    )
    photos = list(done.photos.order_by("id"))
    assert [p.content_type for p in photos] == ["image/png", "image/jpeg"] and photos[
        0
    ].caption == "Trench open at 4 ft"
    assert str(done.latitude) == "41.601200"
    client.force_login(staff.board)
    response = client.get(f"/files/inspection-photo/{photos[0].pk}/")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"


def test_a_photo_that_is_not_jpeg_png_or_pdf_refuses_the_result_and_writes_nothing(trench: Any, staff: Any) -> None:
    with pytest.raises(ValidationError) as refused:
        do_record_result(
            trench,
            result="passed",
            inspected_on=D(2026, 4, 7),
            answers=all_yes(trench),
            photos=[_photo("a.png", PNG), _photo("photo.jpg", b"MZ\x90\x00 an executable")],
            acting_user=staff.inspector,
        )
    assert "photos" in refused.value.message_dict and "judged by its content" in str(refused.value)
    trench.refresh_from_db()
    assert trench.is_open and not InspectionPhoto.objects.exists()
    assert trench.subject.status == "in_construction"


def test_an_answer_to_an_item_not_on_the_checklist_or_a_measurement_not_a_number_is_refused(
    trench: Any, staff: Any
) -> None:
    with pytest.raises(ValidationError, match="'depth' is not an item"):
        do_record_result(
            trench, result="failed", inspected_on=D(2026, 4, 7), answers={"depth": "no"}, acting_user=staff.inspector
        )
    with pytest.raises(ValidationError, match="is not a number"):
        do_record_result(
            trench,
            result="failed",
            inspected_on=D(2026, 4, 7),
            answers={"slope": {"answer": "no", "measured": "steep"}},
            acting_user=staff.inspector,
        )


@pytest.mark.parametrize(("lat", "lon"), [("91", "-73.9"), ("41.6", "-181"), ("41.6", ""), ("NaN", "0")])
def test_a_position_off_the_globe_is_refused(trench: Any, staff: Any, lat: str, lon: str) -> None:
    with pytest.raises(ValidationError) as refused:
        do_record_result(
            trench,
            result="passed",
            inspected_on=D(2026, 4, 7),
            answers=all_yes(trench),
            latitude=lat,
            longitude=lon,
            acting_user=staff.inspector,
        )
    assert "latitude" in refused.value.message_dict


def test_a_result_is_recorded_once(trench: Any, staff: Any) -> None:
    do_record_result(trench, result="not_ready", inspected_on=D(2026, 4, 7), acting_user=staff.inspector)
    with pytest.raises(ValidationError, match="Its result was recorded on 2026-04-07"):
        do_record_result(
            trench, result="passed", inspected_on=D(2026, 4, 8), answers=all_yes(trench), acting_user=staff.inspector
        )


def test_a_reschedule_is_kept_in_the_history_and_is_no_failure_i_134(trench: Any, staff: Any) -> None:
    do_schedule_inspection(trench, scheduled_for=D(2026, 4, 8), acting_user=staff.clerk)
    moved = do_schedule_inspection(
        trench, scheduled_for=D(2026, 4, 10), acting_user=staff.clerk, why="The applicant asked for Friday"
    )
    assert moved.scheduled_for == D(2026, 4, 10) and moved.is_open
    reasons = list(moved.history.values_list("history_change_reason", flat=True))
    assert reasons[0] == "The applicant asked for Friday" and "Scheduled" in reasons
    with pytest.raises(ValidationError, match="on or after its request"):
        do_schedule_inspection(trench, scheduled_for=D(2026, 4, 1), acting_user=staff.clerk)


def test_a_photo_added_later_is_checked_too(trench: Any, staff: Any, settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = str(tmp_path)
    with pytest.raises(ValidationError, match="photos"):
        do_add_photo(trench, file=_photo("x.gif", b"GIF89a" + b"0" * 20), acting_user=staff.inspector)
    assert do_add_photo(trench, file=_photo("x.pdf", b"%PDF-1.4 sketch"), acting_user=staff.inspector).size > 0
