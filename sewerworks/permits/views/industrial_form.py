"""The form that links a Class 2 permit to the pretreatment program's industrial user on its parcel (I-172)."""

from __future__ import annotations

from typing import Any

from django import forms

from sewerworks.permits.actions.industrial import industrial_users_on
from sewerworks.permits.choices import PermitClass
from sewerworks.permits.models import Permit


class IndustrialUserForm(forms.Form):
    """The industrial users of the pretreatment program on the permit's parcel."""

    industrial_user: forms.ModelChoiceField[Any] = forms.ModelChoiceField(
        queryset=Permit.objects.none(),  # the users on the permit's parcel, set per permit
        label="Industrial user (pretreatment program)",
        empty_label="Choose the industrial user",
    )

    def __init__(self, *args: Any, permit: Permit, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["industrial_user"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = industrial_users_on(permit.parcel)


def industrial_user_form(permit: Permit) -> IndustrialUserForm | None:
    """The form for a Class 2 permit with no link yet and a user on its parcel to link; None otherwise."""
    if permit.permit_class != PermitClass.CLASS_2 or permit.industrial_user_id:
        return None
    if not industrial_users_on(permit.parcel).exists():
        return None
    return IndustrialUserForm(permit=permit)
