"""Who may do what, and who is signed in.

Owns: the department's roles as Django groups and the ``rules`` predicates that test them (``roles``), one
Django group kept per role after every migrate and the last login written without waiting (``groups``), the one
role check every action, screen and endpoint asks (``permissions.require``), signing in with its audit trail and
lockout (``authentication``), the failed sign-ins counted per client address and that address behind a
trusted proxy (``throttle``) and idle sessions (``sessions``).

May import: Django, ``rules``, core's models and ``records.quickwrite``. Never ``web``, ``api``, ``jobs`` nor
any app: apps declare their permissions in their own ``rules.py`` with the predicates here.
"""
