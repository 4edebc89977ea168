"""The year end's screens (§118-53): the clerk drafts the statement (every exclusion and its reason), files it,
records the Board's adoption, writes the county's export and records its settlement; the counter shows a relevied
bill; roles that may not are refused."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from sewerworks.billing.models import TaxRollExport, UnpaidStatement
from sewerworks.billing.tests.relevy_scenario import year_end

pytestmark = pytest.mark.django_db


@pytest.fixture
def clerk(client: Any, staff: Any) -> Any:
    client.force_login(staff.clerk)
    return client


def test_the_clerk_drafts_files_adopts_exports_and_settles_through_the_screens(clerk: Any, staff: Any) -> None:
    scene = year_end(staff.clerk, staff.superintendent)
    page = clerk.get(reverse("billing:relevy"))
    assert page.status_code == 200 and "Draft a statement" in page.text
    drafted = clerk.get(reverse("billing:relevy_draft"), {"on": "2026-09-20"})
    assert drafted.status_code == 200
    assert "Amount chargeable $243.12" in drafted.text
    assert "not past its penalty date, 2026-10-01 (I-25)" in drafted.text
    assert "§118-54 connection charges: none" not in drafted.text  # a program posts them now (#32)
    filed = clerk.post(reverse("billing:relevy_draft"), {"on": "2026-09-20"})
    statement = UnpaidStatement.objects.get()
    assert filed.status_code == 302 and filed.url == reverse("billing:relevy_statement", args=[statement.pk])
    shown = clerk.get(filed.url)
    assert "The statement for the Board (PDF)" in shown.text and "HUDSON ANNA" in shown.text
    assert clerk.get(reverse("core:attachment", args=["relevy-statement", statement.pk])).status_code == 200
    refused = clerk.post(reverse("billing:relevy_adopt", args=[statement.pk]),
                         {"resolution": scene.resolution.pk, "adopted_on": "2026-10-30"})  # fmt: skip
    assert refused.status_code == 422 and "the relevy is recorded after that day" in refused.text
    adopted = clerk.post(reverse("billing:relevy_adopt", args=[statement.pk]),
                         {"resolution": scene.resolution.pk, "adopted_on": "2026-11-10"})  # fmt: skip
    assert adopted.status_code == 302
    shown = clerk.get(adopted.url)
    assert "$243.12 relevied to the 2027 tax roll" in shown.text
    export_page = clerk.get(reverse("billing:relevy_export", args=[statement.pk]))
    assert "None: 4 parcels can go to the county." in export_page.text
    layout = export_page.context["export_form"].initial["layout"]
    written = clerk.post(reverse("billing:relevy_export_write", args=[statement.pk]), {"layout": layout.pk})
    assert written.status_code == 302
    export = TaxRollExport.objects.get()
    download = clerk.get(reverse("core:attachment", args=["tax-roll-export", export.pk]))
    data = b"".join(download.streaming_content)
    assert data.count(b"\r\n") == 4
    from django.core.files.uploadedfile import SimpleUploadedFile

    received = timezone.localdate().isoformat()  # the county's file comes back on or after the day it was written
    settled = clerk.post(reverse("billing:relevy_settlement", args=[export.pk]),
                         {"received_on": received, "file": SimpleUploadedFile("county.txt", data)})  # fmt: skip
    assert settled.status_code == 302
    assert "reconciled with no difference" in clerk.get(reverse("billing:relevy_export", args=[statement.pk])).text
    counter = clerk.get(reverse("billing:counter_account", args=[scene.accounts["A"].pk]))
    assert "$43.03 relevied to the 2027 tax roll" in counter.text


@pytest.mark.parametrize("role", ["inspector", "board member", "superintendent"])
def test_a_role_that_may_not_file_adopt_or_export_is_refused(client_as: Any, role: str, staff: Any) -> None:
    scene = year_end(staff.clerk, staff.superintendent)
    client = client_as(role)
    assert client.get(reverse("billing:relevy")).status_code == 200  # everyone reads
    assert client.post(reverse("billing:relevy_draft"), {"on": "2026-09-20"}).status_code == 403
    from sewerworks.billing.actions.relevy import do_file_statement

    statement = do_file_statement(scene.resolution.adopted_on.replace(month=9, day=20), acting_user=staff.clerk)
    form = {"resolution": scene.resolution.pk, "adopted_on": "2026-11-10"}
    assert client.post(reverse("billing:relevy_adopt", args=[statement.pk]), form).status_code == 403
    assert client.get(reverse("billing:relevy_export", args=[statement.pk])).status_code == 403
    assert not UnpaidStatement.objects.filter(status="relevied").exists()


def test_a_draft_of_a_day_to_come_is_refused_naming_the_field(clerk: Any, staff: Any) -> None:
    page = clerk.get(reverse("billing:relevy_draft"), {"on": "2099-09-20"})
    assert page.status_code == 200 and "is after today" in page.text


def test_the_ordinance_browser_shows_the_118_53_statement_and_relevy_as_built(clerk: Any) -> None:
    page = clerk.get(reverse("core:ordinance_section", args=["118-53"])).content.decode()
    items = page.split('<li class="list-group-item requirement"')[1:]
    statement = next(i for i in items if "the Town Clerk&#x27;s statement of unpaid charges" in i)
    assert statement.startswith(' data-state="complete">')
    assert f'<a href="{reverse("billing:relevy")}">' in statement and "<code>billing:relevy_draft</code>" in statement
    assert "Command: <code>sewerworks relevy</code>" in statement and "<code>do_file_statement</code>" in statement
    relevy = next(i for i in items if "lien on the property: relevied on the tax roll" in i)
    assert relevy.startswith(' data-state="complete">') and "<code>do_adopt_statement</code>" in relevy
    assert "Meanwhile" not in statement + relevy
