"""Billing's router: the one the package's endpoint modules (periods, payments, printing, void) register on, and
the permission every read of billing asks. They import it; it imports none of them."""

from __future__ import annotations

from ninja import Router

router = Router(tags=["billing"])
VIEW = "billing.view_billing"
