"""A §118-39 review's history is dated by when it was opened and decided (I-114): the Town Engineer's
decision of March 20 entered today is a March 20 move; none before the review opened or in the future."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from sewerworks.pretreatment.actions import do_decide_review, do_record_results
from sewerworks.pretreatment.models import EngineerReview
from sewerworks.pretreatment.tests.conftest import composite

pytestmark = pytest.mark.django_db
D = dt.date


def test_a_decision_of_march_20_entered_today_is_dated_march_20_after_the_opening(manhole: Any, staff: Any) -> None:
    do_record_results([composite(manhole, D(2026, 3, 3), "bod", "420")], acting_user=staff.clerk)
    review = EngineerReview.objects.get()
    for bad, words in ((D(2026, 3, 2), "before the review was opened"),
                       (timezone.localdate() + dt.timedelta(days=1), "future")):  # fmt: skip
        with pytest.raises(ValidationError) as refused:
            do_decide_review(review, status="surcharge", reasoning="Billed under §118-52.", decided_on=bad,
                             acting_user=staff.engineer)  # fmt: skip
        assert words in refused.value.message_dict["decided_on"][0]
    do_decide_review(review, status="surcharge", reasoning="Billed under §118-52.", decided_on=D(2026, 3, 20),
                     acting_user=staff.engineer)  # fmt: skip
    moves = [(h.status, timezone.localdate(h.event_at)) for h in review.history.order_by("occurred_at")]
    assert moves == [("open", D(2026, 3, 3)), ("surcharge", D(2026, 3, 20))]
    decided = review.history.get(status="surcharge")
    assert timezone.localdate(decided.history_date) == timezone.localdate()
