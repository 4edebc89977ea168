"""The outcomes of the contract-user screen (the topic's own words) and the states of an agreement."""

from __future__ import annotations

from django.db import models


class Outcome(models.TextChoices):
    """What the ``contract-user-eligibility`` topic answers for a parcel outside both areas (I-10)."""

    ELIGIBLE = "eligible", "Eligible (within 200 ft, §118-1 and §118-29.1)"
    BOARD = "eligible-under-118-29.1", "Eligible under §118-29.1 only (for the Town Board)"
    TOO_FAR = "too-far", "Adjoining, discharge too far"
    NOT_ADJOINING = "not-adjoining", "Not adjoining the boundary"
    CANNOT_JUDGE = "cannot-judge", "Adjoining, no discharge point (I-82)"


ELIGIBLE_OUTCOMES = (Outcome.ELIGIBLE, Outcome.BOARD)


class AgreementStatus(models.TextChoices):
    PETITIONED = "petitioned", "Petitioned"
    APPROVED = "approved", "Approved by the Town Board"
    REFUSED = "refused", "Refused"
