"""Core's changes of state that are not a module of their own (API tokens): atomic, role-checked, audited."""

from sewerworks.core.actions.tokens import do_issue_api_token, do_revoke_api_token

__all__ = ["do_issue_api_token", "do_revoke_api_token"]
