"""Baseline tests a model gets by declaring itself, as NetBox's per-model test cases do.

A test class inherits ``GenericApiTests`` (its API endpoints) and/or ``GenericViewTests`` (its screens)
and declares only what differs: the model, the URLs, a ``make()`` factory, valid and invalid payloads and
the roles that read and keep it. It then gets, with no test written:

- anonymous: the API answers 401, a screen redirects to the login page;
- a reader (``reader_role``): 200 on the list and the detail, 403 on create and change;
- a keeper (``keeper_role``): creates and changes the record, and its history records who did it;
- bad input: 422 naming the field (or the form shown again with the error), an unknown id 404, never 500.

Uses the ``client``, ``client_as`` and ``make_user`` fixtures of the project's ``conftest.py``.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from django.db import models

JSON = "application/json"


def _history_users(obj: models.Model) -> list[Any]:
    return [h.history_user for h in obj.history.all()]  # type: ignore[attr-defined]


class GenericApiTests:
    """List, detail, create and change endpoints of one model under ``/api/<path>``."""

    model: ClassVar[type[models.Model]]
    api_path: ClassVar[str]  # e.g. "/api/owners"
    reader_role: ClassVar[str] = "board member"
    keeper_role: ClassVar[str] = "clerk"
    read_only: ClassVar[bool] = False
    invalid_field: ClassVar[str] = ""  # the field the invalid payload gets wrong (named in the 422)

    def make(self) -> models.Model:
        raise NotImplementedError

    def valid_payload(self) -> dict[str, Any]:
        raise NotImplementedError

    def invalid_payload(self) -> dict[str, Any]:
        raise NotImplementedError

    def patch_payload(self) -> dict[str, Any]:
        raise NotImplementedError

    # --- anonymous -------------------------------------------------------------------------------------

    def test_anonymous_callers_get_401(self, client: Any, db: Any) -> None:
        obj = self.make()
        assert client.get(self.api_path).status_code == 401
        assert client.get(f"{self.api_path}/{obj.pk}").status_code == 401
        if not self.read_only:
            assert client.post(self.api_path, "{}", content_type=JSON).status_code == 401

    # --- a reader -----------------------------------------------------------------------------------

    def test_a_reader_lists_and_reads_but_may_not_create_or_change(self, client_as: Any) -> None:
        obj = self.make()
        client = client_as(self.reader_role)
        listed = client.get(self.api_path)
        assert listed.status_code == 200, listed.content
        assert obj.pk in [row["id"] for row in listed.json()["items"]]
        detail = client.get(f"{self.api_path}/{obj.pk}")
        assert detail.status_code == 200 and detail.json()["id"] == obj.pk
        if self.read_only:
            return
        name = self.model._meta.model_name
        created = client.post(self.api_path, json.dumps(self.valid_payload()), content_type=JSON)
        assert created.status_code == 403 and f"add_{name}" in created.json()["detail"]
        changed = client.patch(f"{self.api_path}/{obj.pk}", json.dumps(self.patch_payload()), content_type=JSON)
        assert changed.status_code == 403 and f"change_{name}" in changed.json()["detail"]

    def test_an_unknown_id_is_a_404(self, client_as: Any, db: Any) -> None:
        response = client_as(self.reader_role).get(f"{self.api_path}/987654321")
        assert response.status_code == 404, response.content

    # --- a keeper ------------------------------------------------------------------------------------

    def test_a_keeper_creates_and_changes_it_and_history_records_who(self, client_as: Any) -> None:
        if self.read_only:
            return
        client = client_as(self.keeper_role)
        created = client.post(self.api_path, json.dumps(self.valid_payload()), content_type=JSON)
        assert created.status_code == 201, created.content
        obj = self.model._default_manager.get(pk=created.json()["id"])
        assert _history_users(obj) == [client.user]
        changed = client.patch(f"{self.api_path}/{obj.pk}", json.dumps(self.patch_payload()), content_type=JSON)
        assert changed.status_code == 200, changed.content
        assert _history_users(obj) == [client.user, client.user]

    def test_bad_input_is_a_422_naming_the_field_never_a_500(self, client_as: Any) -> None:
        if self.read_only:
            return
        client = client_as(self.keeper_role)
        before = self.model._default_manager.count()
        response = client.post(self.api_path, json.dumps(self.invalid_payload()), content_type=JSON)
        assert response.status_code == 422, response.content
        assert self.invalid_field in response.content.decode()
        for body in ("{nope", "[]", json.dumps({"id": 1, "unknown_field": "x"})):
            assert client.post(self.api_path, body, content_type=JSON).status_code in (400, 422), body
        assert self.model._default_manager.count() == before


class GenericViewTests:
    """A model's screens: list, detail, history and edit (and create, when it has one)."""

    model: ClassVar[type[models.Model]]
    list_url: ClassVar[str]
    detail_url: ClassVar[str]  # with "{pk}"
    history_url: ClassVar[str] = ""  # with "{pk}"
    edit_url: ClassVar[str] = ""  # with "{pk}"
    create_url: ClassVar[str] = ""
    reader_role: ClassVar[str] = "board member"
    keeper_role: ClassVar[str] = "clerk"

    def make(self) -> models.Model:
        raise NotImplementedError

    def valid_form(self, obj: models.Model) -> dict[str, Any]:
        raise NotImplementedError

    def invalid_form(self, obj: models.Model) -> dict[str, Any]:
        raise NotImplementedError

    def _urls(self, obj: models.Model) -> list[str]:
        urls = [self.list_url, self.detail_url, self.history_url, self.edit_url, self.create_url]
        return [u.format(pk=obj.pk) for u in urls if u]

    def test_anonymous_visitors_are_sent_to_the_login_page(self, client: Any, db: Any) -> None:
        for url in self._urls(self.make()):
            response = client.get(url)
            assert response.status_code == 302 and response.url.startswith("/login/"), url

    def test_a_reader_sees_the_list_detail_and_history_but_not_the_forms(self, client_as: Any) -> None:
        obj = self.make()
        client = client_as(self.reader_role)
        for url in [self.list_url, self.detail_url, self.history_url]:
            if url:
                assert client.get(url.format(pk=obj.pk)).status_code == 200, url
        for url in [self.edit_url, self.create_url]:
            if url:
                assert client.get(url.format(pk=obj.pk)).status_code == 403, url
                assert client.post(url.format(pk=obj.pk), self.valid_form(obj)).status_code == 403, url

    def test_a_keeper_edits_it_and_the_history_screen_shows_who(self, client_as: Any) -> None:
        if not self.edit_url:
            return
        obj = self.make()
        client = client_as(self.keeper_role)
        url = self.edit_url.format(pk=obj.pk)
        assert client.get(url).status_code == 200
        response = client.post(url, self.valid_form(obj))
        assert response.status_code == 302, response.content.decode()[:2000]
        assert _history_users(obj)[0] == client.user
        if self.history_url:
            assert client.user.username in client.get(self.history_url.format(pk=obj.pk)).content.decode()

    def test_an_invalid_form_is_shown_again_with_the_error_never_a_500(self, client_as: Any) -> None:
        if not self.edit_url:
            return
        obj = self.make()
        client = client_as(self.keeper_role)
        count = obj.history.count()  # type: ignore[attr-defined]
        response = client.post(self.edit_url.format(pk=obj.pk), self.invalid_form(obj))
        assert response.status_code in (200, 400, 422)
        assert response.context["form"].errors
        assert obj.history.count() == count  # type: ignore[attr-defined]
