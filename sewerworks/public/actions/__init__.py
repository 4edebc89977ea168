"""The public side's actions: each atomic and audited. A person acts on their own account and links only; staff
actions ask the role (``public.*`` permissions, ``rules.py``)."""

from sewerworks.public.actions.accounts import (
    AccountRefused,
    do_request_password_reset,
    do_reset_password,
    do_set_paperless,
    do_sign_up,
    do_verify_email,
    send_verification,
    sign_in,
)
from sewerworks.public.actions.links import (
    LinkRefused,
    do_link_parcel,
    do_revoke_link,
    do_rotate_access_code,
    end_links_of_parcels,
)

__all__ = [
    "AccountRefused", "LinkRefused", "do_link_parcel", "do_request_password_reset", "do_reset_password",
    "do_revoke_link", "do_rotate_access_code", "do_set_paperless", "do_sign_up", "do_verify_email",
    "end_links_of_parcels", "send_verification", "sign_in",
]  # fmt: skip
