"""Worked examples through the CLI and the API: the clerk replaces an account's access code (the old code links
nothing), and ends a public account's link (the person no longer sees the parcel); other roles are refused."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from sewerworks.billing.documents.context import printed_code
from sewerworks.core.models import AuditEvent
from sewerworks.public.models import PublicLink
from sewerworks.registry.models import SewerAccount

pytestmark = pytest.mark.django_db


def _cli(*args: str) -> str:
    out = StringIO()
    call_command("public_access", *args, stdout=out)
    return out.getvalue()


def test_the_clerk_replaces_a_code_and_ends_a_link_from_the_command_line(world: Any, client: Any) -> None:
    old = SewerAccount.objects.get(pk=world.ann.account.pk).access_code
    said = _cli("replace-code", "MAR-000001", "--by", world.staff.clerk.username, "--why", "owner lost the bill")
    new = SewerAccount.objects.get(pk=world.ann.account.pk).access_code
    assert new != old and f"new access code {printed_code(new)}" in said
    assert AuditEvent.objects.get(action="access code replaced").detail["reason"] == "owner lost the bill"

    listed = _cli("links", world.ann.parcel.tax_map_number)
    assert "ann@example.org" in listed and "live" in listed and "bob@example.org" not in listed
    said = _cli("end", str(world.ann.link.pk), "--by", world.staff.clerk.username, "--why", "asked by phone")
    assert f"Link {world.ann.link.pk} ended" in said
    assert PublicLink.objects.get(pk=world.ann.link.pk).revoked_why == "asked by phone"
    client.force_login(world.ann.user)
    assert client.get(f"/public/parcels/{world.ann.parcel.public_id}/").status_code == 404

    with pytest.raises(CommandError, match="only the clerk"):
        _cli("end", str(world.bob.link.pk), "--by", world.staff.inspector.username)
    with pytest.raises(CommandError, match="No sewer account"):
        _cli("replace-code", "MAR-404", "--by", world.staff.clerk.username)
    with pytest.raises(CommandError, match="--by"):
        _cli("replace-code", "MAR-000001")


def test_the_clerk_replaces_a_code_and_ends_a_link_through_the_api(world: Any, client: Any) -> None:
    client.force_login(world.staff.clerk)
    url = f"/api/access-codes/{world.ann.account.pk}/replace"
    response = client.post(url, json.dumps({"reason": "owner lost the bill"}), content_type="application/json")
    assert response.status_code == 200
    body = response.json()
    assert body["access_code"] == printed_code(SewerAccount.objects.get(pk=world.ann.account.pk).access_code)

    links = client.get("/api/public-links", {"parcel_id": world.ann.parcel.pk, "live": "true"}).json()
    assert [x["person"] for x in links] == ["ann@example.org"]
    end = client.post(f"/api/public-links/{world.ann.link.pk}/end", json.dumps({"why": "asked at the counter"}),
                      content_type="application/json")  # fmt: skip
    assert end.status_code == 200 and end.json()["ended_at"] and end.json()["why_ended"] == "asked at the counter"
    again = client.post(f"/api/public-links/{world.ann.link.pk}/end", "{}", content_type="application/json")
    assert again.status_code == 200 and again.json()["why_ended"] == "asked at the counter"  # unchanged
    assert client.post("/api/public-links/999999/end", "{}", content_type="application/json").status_code == 404
    too_long = client.post(url, json.dumps({"reason": "x" * 300}), content_type="application/json")
    assert too_long.status_code == 422 and "reason" in too_long.content.decode()

    client.force_login(world.staff.inspector)
    refused = client.post(f"/api/public-links/{world.bob.link.pk}/end", "{}", content_type="application/json")
    assert refused.status_code == 403 and PublicLink.objects.get(pk=world.bob.link.pk).live
    assert client.get("/api/public-links").status_code == 200  # every role reads who sees what


def test_the_staff_pages_end_a_link_and_replace_a_code(world: Any, client: Any) -> None:
    client.force_login(world.staff.clerk)
    page = client.get("/public-accounts/").content.decode()
    assert "ann@example.org" in page and "End link" in page
    old = SewerAccount.objects.get(pk=world.bob.account.pk).access_code
    back = f"/registry/parcels/{world.bob.parcel.pk}/"
    assert client.post(f"/public-accounts/access-codes/{world.bob.account.pk}/replace/", {"next": back})["Location"] \
        == back  # fmt: skip
    assert SewerAccount.objects.get(pk=world.bob.account.pk).access_code != old
    client.post(f"/public-accounts/links/{world.bob.link.pk}/end/")
    assert not PublicLink.objects.get(pk=world.bob.link.pk).live
    client.force_login(world.staff.inspector)
    assert client.post(f"/public-accounts/links/{world.ann.link.pk}/end/").status_code == 403
    assert client.get("/public-accounts/outbox/").status_code == 403
