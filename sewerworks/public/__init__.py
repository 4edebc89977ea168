"""The public side (issue 37): owners' accounts apart from staff, one link model and one query helper deciding
what a person may see, the owners' pages, and the pages anyone may read without signing in, all under
``/public/`` (docs/public-side.md).

- ``models``: ``PublicAccount`` (a user with no role, ever), ``PublicLink`` (person, kind, object, granted by,
  revoked at), ``PageHits`` (the per-address page limit's counts).
- ``kinds`` and ``scope``: the link kinds and **the one helper** every public view and API operation fetches an
  object through (deny by default; another person's object is a 404).
- ``actions``: sign-up, verification, password reset, linking with a bill's access code, revoking a link,
  rotating a code, paperless bills; each atomic and audited.
- ``owner_page``, ``lookup``, ``fees``: what the pages show. ``views``, ``api``, ``urls``: the two URL spaces
  (``/public/`` and the staff's ``/public-accounts/``).

May import: everything below the programs (core, registry, enforcement, billing). Nothing imports it but the site.
"""
