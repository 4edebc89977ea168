"""Who may do what with the public side, on the staff's side (a public account holds no role and so none of
these: its own account and links it manages through its own actions).

Every role reads the public accounts and their links (the counter answers "who can see my bills?"). The clerk's
office ends a link and replaces an account's access code (it prints the bills the code is on); the Superintendent
may too. The outbox (what mail the site sent, with the demo's mail itself) is the clerk's and the administrator's.
"""

from __future__ import annotations

import rules

from sewerworks.core.access.permissions import say_who_may
from sewerworks.core.access.roles import CLERK, SUPERINTENDENT, has_role, is_staff_member

rules.add_perm("public.view_link", is_staff_member)
rules.add_perm("public.revoke_link", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("public.rotate_access_code", has_role(CLERK, SUPERINTENDENT))
rules.add_perm("public.view_outbox", has_role(CLERK))
say_who_may({
    "public.revoke_link": "the clerk, the Sewer Superintendent and the administrator",
    "public.rotate_access_code": "the clerk, the Sewer Superintendent and the administrator",
    "public.view_outbox": "the clerk and the administrator",
})  # fmt: skip
