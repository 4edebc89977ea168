"""The leak table: every public view and API operation that names a record × each link kind × another person's
records of every kind: 0 leaks (the same 404 as an id that does not exist). The table is built from the URL
patterns themselves, so a public page added later without its row here fails. Signed in as staff, the staff's
pages of the same records are unchanged (200) and the public pages are not theirs (403; the public API's 401)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, reverse

from sewerworks.public import urls as public_urls
from sewerworks.public.kinds import NAMED_BY_PUBLIC_ID
from sewerworks.public.models import LinkKind, PublicLink

pytestmark = pytest.mark.django_db

# every public URL that names a record: its name, the kind of record it names, its method
NAMED = {
    "public:parcel": ("parcel", "get"),
    "public:unlink": ("parcel", "post"),
    "public:bill": ("bill", "get"),
    "public:notice": ("notice", "get"),
}
API = {  # the public API's operations that name a record
    "/public/api/parcels/{}": "parcel",
    "/public/api/bills/{}": "bill",
    "/public/api/notices/{}": "notice",
}


def _record(owner: Any, kind: str) -> Any:
    return {"parcel": owner.parcel, "bill": owner.bill, "notice": owner.notice}[kind]


def _patterns(patterns: list[Any], prefix: str = "") -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []
    for p in patterns:
        if isinstance(p, URLResolver):
            found += _patterns(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            found.append((prefix + str(p.pattern), p))
    return found


def test_the_table_names_every_public_url_and_operation_that_takes_a_public_id() -> None:
    named = {f"public:{p.name}" for route, p in _patterns(public_urls.urlpatterns) if "<str:public_id>" in route
             and not route.startswith("api/")}  # fmt: skip
    assert named == set(NAMED)
    api_routes = {"/public/" + route.replace("<public_id>", "{}") for route, _ in _patterns(public_urls.urlpatterns)
                  if route.startswith("api/") and "public_id" in route}  # fmt: skip
    assert api_routes == set(API)
    assert {m.__name__.lower() for m in NAMED_BY_PUBLIC_ID} == {kind for kind, _ in NAMED.values()}
    assert set(LinkKind.values) == {"parcel_owner"}  # the kinds walked below


@pytest.mark.parametrize("kind", LinkKind.values)
def test_no_public_view_or_api_operation_shows_another_persons_records(world: Any, client: Any, kind: str) -> None:
    client.force_login(world.ann.user)
    assert all(link.kind == kind for link in PublicLink.objects.filter(person=world.ann.public))
    leaks = []
    for name, (what, method) in NAMED.items():
        mine = _record(world.ann, what)
        if method == "get":
            assert client.get(reverse(name, args=[mine.public_id])).status_code == 200, name
        for probe in (_record(world.bob, what).public_id, "0" * 32, "not-an-id", "x" * 400):
            status = getattr(client, method)(reverse(name, args=[probe])).status_code
            if status != 404:
                leaks.append((name, probe, status))
    for route, what in API.items():
        assert client.get(route.format(_record(world.ann, what).public_id)).status_code == 200, route
        for probe in (_record(world.bob, what).public_id, "0" * 32):
            response = client.get(route.format(probe))
            if response.status_code != 404 or world.bob.parcel.address in response.content.decode():
                leaks.append((route, probe, response.status_code))
    assert leaks == []
    # the lists show her records only
    for page in ("/public/me/", "/public/api/parcels"):
        text = client.get(page).content.decode()
        assert world.ann.parcel.address in text and world.bob.parcel.address not in text
    assert PublicLink.objects.filter(object_id=world.bob.parcel.pk, revoked_at__isnull=True).count() == 1


def test_an_ended_link_shows_nothing_any_more(world: Any, client: Any) -> None:
    PublicLink.objects.filter(pk=world.ann.link.pk).update(revoked_at=world.ann.link.granted_at)
    client.force_login(world.ann.user)
    for name, (what, method) in NAMED.items():
        assert getattr(client, method)(reverse(name, args=[_record(world.ann, what).public_id])).status_code == 404
    for route, what in API.items():
        assert client.get(route.format(_record(world.ann, what).public_id)).status_code == 404


def test_signed_in_as_staff_the_staff_pages_are_unchanged_and_the_public_ones_not_theirs(
    world: Any, client: Any
) -> None:
    client.force_login(world.staff.clerk)
    for owner in (world.ann, world.bob):
        for url in (reverse("registry:parcel_detail", args=[owner.parcel.pk]),
                    reverse("billing:bill_detail", args=[owner.bill.pk]),
                    reverse("enforcement:notice_detail", args=[owner.notice.pk]),
                    f"/api/parcels/{owner.parcel.pk}"):  # fmt: skip
            assert client.get(url).status_code == 200, url
        for name, (what, method) in NAMED.items():
            if method == "get":
                assert client.get(reverse(name, args=[_record(owner, what).public_id])).status_code == 403
        assert client.get(f"/public/api/parcels/{owner.parcel.public_id}").status_code == 401
    page = client.get(reverse("registry:parcel_detail", args=[world.ann.parcel.pk])).content.decode()
    assert "ann@example.org" in page and "Online access" in page  # who sees it online, on the staff's page
