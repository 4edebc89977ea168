"""The Town's notices as PDF: what each prints, read back from the PDF as a person would read it.

A Notice to Connect served 2026-01-01 says "by the end of Tuesday, June 30, 2026" (§118-5, I-20); one
served 2026-02-01 says July 31, 2026. The fine statement of the I-21 example (notified 2026-06-01,
corrected 2026-07-15) shows 30 days at $10 and 14 days at $25: $650.00.
"""

from __future__ import annotations

import datetime as dt
import io
import socket
import time
from decimal import Decimal
from typing import Any

import pytest
from django.urls import reverse
from pypdf import PdfReader
from weasyprint import HTML

from sewerworks.core.documents.render import LocalOnlyFetcher, RefusedURL, url_fetcher
from sewerworks.enforcement.actions import (
    do_issue_notice,
    do_open_violation,
    do_record_abandonment,
    do_record_charge,
    do_record_connection,
    do_record_court_fine,
    do_record_service,
    do_sweep,
)
from sewerworks.enforcement.choices import NoticeKind, Program
from sewerworks.enforcement.documents.render import fine_statement_pdf, notice_pdf, notices_pdf
from sewerworks.enforcement.models import Violation
from sewerworks.registry.models import PrivateSystem
from sewerworks.registry.tests import factories as f

D = dt.date
TAX_MAP = "108.12-3-45"
pytestmark = pytest.mark.django_db


def pages(data: bytes) -> list[str]:
    """Each page's text with its whitespace collapsed (line breaks fall anywhere in a paragraph)."""
    return [" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(data)).pages]


def text(data: bytes) -> str:
    return " ".join(pages(data))


@pytest.fixture
def house(db: Any) -> Any:
    """A house on a septic tank at 7 Dubois Rd (tax map 108.12-3-45), owned by DOE JANE."""
    area = f.area()
    f.main(area)
    parcel = f.parcel(TAX_MAP, improvement_area=area, street_number="7", street_name="Dubois Rd")
    f.owned(parcel, name="DOE JANE")
    building = f.building(parcel, connected_on=None, name="Doe house", dwelling_units=1)
    PrivateSystem.objects.create(parcel=parcel, building=building, kind="septic_tank")
    return building


@pytest.fixture
def clerk(make_user: Any) -> Any:
    return make_user("clerk")


def notice_to_connect(house: Any, clerk: Any, served_on: dt.date | None) -> Any:
    notice = do_issue_notice(
        kind=NoticeKind.NOTICE_TO_CONNECT,
        parcel=house.parcel,
        issued_on=D(2026, 1, 1),
        facts="A public sewer is available in Dubois Rd.",
        acting_user=clerk,
    )
    if served_on is None:
        return notice
    return do_record_service(
        notice, method="certified_mail", served_on=served_on, served_by_name="C. Clerk", acting_user=clerk
    )


# Notice to Connect (§118-5) --------------------------------------------------------------------------------


def test_a_notice_to_connect_served_on_new_years_day_says_connect_by_the_end_of_june_30(house, clerk) -> None:
    notice = notice_to_connect(house, clerk, D(2026, 1, 1))
    printed = text(notice_pdf(notice))
    assert "Connect to the public sewer by the end of Tuesday, June 30, 2026." in printed
    assert "within 180 days after the date of official notice to do so" in printed  # §118-5 as printed
    assert "cleaned of sludge and liquid, abandoned and filled with suitable material within 90 days" in printed
    assert "DOE JANE" in printed and "12 Main St" in printed
    assert f"Tax map no. {TAX_MAP}" in printed and "7 Dubois Rd" in printed
    assert notice.number in printed and "NOTICE TO CONNECT" in printed
    assert "TOWN OF MARLBOROUGH" in printed and "Ulster County, New York" in printed and "Sewer Department" in printed
    assert "Day counting: I-20" in printed
    assert "(845) 795-2406" in printed and "Office of the Superintendent of Sewers" in printed


def test_a_notice_to_connect_served_february_1_says_july_31(house, clerk) -> None:
    printed = text(notice_pdf(notice_to_connect(house, clerk, D(2026, 2, 1))))
    assert "by the end of Friday, July 31, 2026" in printed


def test_a_notice_to_connect_not_yet_served_counts_from_service(house, clerk) -> None:
    printed = text(notice_pdf(notice_to_connect(house, clerk, None)))
    assert "Connect to the public sewer within 180 days after service of this notice." in printed
    assert "by the end of" not in printed
    assert "Day counting: I-20" in printed


# Notice of Violation (§118-47) ------------------------------------------------------------------------------


def test_a_notice_of_violation_states_nature_section_time_limit_and_consequences(house, clerk) -> None:
    violation = do_open_violation(
        parcel=house.parcel,
        section="118-3",
        discovered_on=D(2026, 2, 20),
        description="Sewage discharged to the brook behind the house.",
        acting_user=clerk,
    )
    notice = do_issue_notice(
        kind=NoticeKind.NOTICE_OF_VIOLATION,
        parcel=house.parcel,
        violation=violation,
        facts="Seen at inspection on 2026-02-20.",
        correction_days=30,
        issued_on=D(2026, 3, 2),
        acting_user=clerk,
    )
    unserved = text(notice_pdf(notice))
    assert "Correct the violation within 30 days after service of this notice." in unserved
    do_record_service(
        notice, method="personal_delivery", served_on=D(2026, 3, 2), served_by_name="C. Clerk", acting_user=clerk
    )
    printed = text(notice_pdf(notice))
    assert "Sewage discharged to the brook behind the house." in printed
    assert "§ 118-3 Discharge of waste to natural outlet restricted" in printed
    assert "It shall be unlawful to discharge to any natural outlet" in printed  # the section violated, its text
    assert "Correct the violation by the end of Wednesday, April 1, 2026." in printed
    assert "providing a reasonable time limit for the satisfactory correction thereof" in printed  # §118-47
    assert "not exceeding $500.00 for each violation" in printed and "separate offense" in printed
    assert "$10.00 per day" not in printed  # not an abandonment violation: no §118-5 daily fine
    assert "Day counting: I-20" in printed and "§118-47 penalties: I-22" in printed


def test_a_notice_of_violation_for_an_unabandoned_septic_tank_states_the_118_5_daily_fine(
    house, clerk, make_user
) -> None:
    violation, _nov = abandonment_violation(house, clerk, make_user)
    printed = text(notice_pdf(_nov))
    assert "$10.00 per day for the first 30 days from this notification of violation and $25.00 per day" in printed
    assert "Failure to properly abandon a private facility in the specified time frame" in printed  # §118-5
    assert "§118-5 abandonment fine: I-21" in printed


# The 72-hour pump-out order, the appearance ticket (§118-38) and the damage report (§118-44) -----------------


def test_a_pump_out_order_gives_72_elapsed_hours_from_the_inspection(house, clerk) -> None:
    order = do_issue_notice(
        kind=NoticeKind.PUMP_OUT_ORDER,
        parcel=house.parcel,
        issued_on=D(2026, 3, 6),
        facts="Interceptor at 95% of capacity.",
        acting_user=clerk,
    )
    inspected = dt.datetime(2026, 3, 6, 10, 0, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    do_record_service(
        order,
        method="personal_delivery",
        served_on=D(2026, 3, 6),
        served_at=inspected,
        served_by_name="I. Inspector",
        acting_user=clerk,
    )
    printed = text(notice_pdf(order))
    # 72 elapsed hours across the change to daylight time on 2026-03-08 (I-20)
    assert "Pump out the interceptor by 11:00 a.m. on Monday, March 9, 2026." in printed
    assert "licensed contract hauler" in printed and "72 hours from the time of the inspection" in printed
    assert "the Building Inspector shall issue and serve an appearance ticket" in printed  # §118-38 as printed
    assert "for a reinspection" in printed
    assert "I-36" in printed and "Day counting: I-20" in printed


def appearance_ticket(house: Any, make_user: Any, facts: str) -> Any:
    inspector = make_user("building inspector")
    violation = do_open_violation(
        parcel=house.parcel,
        section="118-38",
        discovered_on=D(2026, 3, 10),
        program=Program.GREASE,
        description="Interceptor not pumped out after the order.",
        acting_user=inspector,
    )
    return do_issue_notice(
        kind=NoticeKind.APPEARANCE_TICKET,
        parcel=house.parcel,
        violation=violation,
        facts=facts,
        issued_on=D(2026, 3, 10),
        acting_user=inspector,
    )


def test_an_appearance_ticket_names_the_justice_court_and_the_date(house, make_user) -> None:
    ticket = appearance_ticket(house, make_user, "Not pumped within 72 hours.\nAppear on: 2026-04-14 17:00")
    printed = text(notice_pdf(ticket))
    assert "APPEARANCE TICKET" in printed
    assert (
        "Appear in person before the Town of Marlborough Justice Court, 21 Milton Turnpike, Milton, NY 12547, "
        "on Tuesday, April 14, 2026 at 5:00 p.m."
    ) in printed
    assert "Building Inspector" in printed and "Interceptor not pumped out after the order." in printed
    assert "the Building Inspector shall issue and serve an appearance ticket" in printed
    assert "not exceeding $500.00 for each violation" in printed
    later = text(notice_pdf(ticket, appear_on=dt.datetime(2026, 5, 12, 9, 30)))
    assert "on Tuesday, May 12, 2026 at 9:30 a.m." in later and "a.m.." not in later
    day_only = text(notice_pdf(ticket, appear_on=D(2026, 5, 12)))
    assert "Milton, NY 12547, on Tuesday, May 12, 2026. Penalties" in day_only


def test_an_appearance_ticket_without_a_court_date_leaves_a_line_to_write_it(house, make_user, settings) -> None:
    settings.SEWERWORKS_TOWN = {"court_street": "1 Court Lane", "court_phone": "(845) 555-0199"}
    printed = text(notice_pdf(appearance_ticket(house, make_user, "Not pumped within 72 hours.")))
    assert "Justice Court, 1 Court Lane, Milton, NY 12547, on the date and at the time written here" in printed
    assert "(845) 555-0199" in printed


def test_a_damage_report_cites_118_44(house, clerk) -> None:
    report = do_issue_notice(
        kind=NoticeKind.DAMAGE_REPORT,
        parcel=house.parcel,
        issued_on=D(2026, 4, 2),
        facts="Manhole cover MH-12 pried open and debris thrown in.",
        acting_user=clerk,
    )
    printed = text(notice_pdf(report))
    assert "DAMAGE REPORT" in printed and "Manhole cover MH-12 pried open" in printed
    assert "shall be subject to immediate arrest under charge of criminal mischief" in printed
    assert "liable to the town for any expense, loss or damage" in printed


# The fine statement (§118-5, I-21; §118-47) ------------------------------------------------------------------


def abandonment_violation(house: Any, clerk: Any, make_user: Any) -> tuple[Violation, Any]:
    """Connected 2026-02-28, not abandoned by 2026-05-29; notice of violation served 2026-06-01 (I-21)."""
    inspector = make_user("inspector")
    notice_to_connect(house, clerk, D(2026, 1, 1))
    do_record_connection(building=house, connected_on=D(2026, 2, 28), acting_user=inspector)
    do_sweep(D(2026, 5, 30))
    violation = Violation.objects.get(section="118-5")
    nov = do_issue_notice(
        kind=NoticeKind.NOTICE_OF_VIOLATION,
        parcel=house.parcel,
        violation=violation,
        facts="The septic tank was not abandoned.",
        correction_days=30,
        issued_on=D(2026, 6, 1),
        acting_user=clerk,
    )
    do_record_service(
        nov, method="personal_delivery", served_on=D(2026, 6, 1), served_by_name="C. Clerk", acting_user=clerk
    )
    return violation, nov


def test_the_fine_statement_of_the_i21_example_is_650_dollars(house, clerk, make_user) -> None:
    violation, nov = abandonment_violation(house, clerk, make_user)
    do_record_abandonment(
        private_system=house.parcel.private_systems.get(),
        abandoned_on=D(2026, 7, 15),
        acting_user=make_user("inspector"),
    )
    printed = text(fine_statement_pdf(violation))
    assert "Notification of violation served on June 1, 2026. Corrected on July 15, 2026." in printed
    assert "Days in violation: 44" in printed
    assert "days 1–30 30 $10.00 $300.00" in printed
    assert "day 31 onward 14 $25.00 $350.00" in printed
    assert "§ 118-5 fine (final) $650.00" in printed
    assert "Total on this statement $650.00" in printed
    assert nov.number in printed and "DOE JANE" in printed and TAX_MAP in printed
    assert "§118-5 abandonment fine: I-21" in printed


@pytest.mark.parametrize(
    ("as_of", "days", "first", "later", "total"),
    [
        (D(2026, 6, 30), 29, "29 $10.00 $290.00", "0 $25.00 $0.00", "$290.00"),
        (D(2026, 7, 1), 30, "30 $10.00 $300.00", "0 $25.00 $0.00", "$300.00"),
        (D(2026, 7, 2), 31, "30 $10.00 $300.00", "1 $25.00 $25.00", "$325.00"),
    ],
)
def test_an_uncorrected_fine_is_stated_as_of_the_statement_date(
    house, clerk, make_user, as_of, days, first, later, total
) -> None:
    violation, _nov = abandonment_violation(house, clerk, make_user)
    printed = text(fine_statement_pdf(violation, as_of=as_of))
    assert f"Days in violation: {days}" in printed
    assert f"days 1–30 {first}" in printed and f"day 31 onward {later}" in printed
    assert "the fine grows each day until the violation is corrected" in printed
    assert f"Total on this statement {total}" in printed


def test_the_fine_statement_adds_court_fines_and_charges_to_the_violator(house, clerk, make_user) -> None:
    violation = do_open_violation(
        parcel=house.parcel,
        section="118-44",
        discovered_on=D(2026, 4, 2),
        description="Manhole cover broken.",
        acting_user=clerk,
    )
    do_record_court_fine(
        violation, imposed_on=D(2026, 6, 9), amount=Decimal("250.00"), docket="26-0412", acting_user=clerk
    )
    do_record_charge(
        violation,
        description="Replacement manhole cover",
        amount=Decimal("1180.50"),
        incurred_on=D(2026, 4, 3),
        acting_user=clerk,
    )
    printed = text(fine_statement_pdf(violation, as_of=D(2026, 6, 30)))
    assert "No § 118-5 abandonment fine applies to this violation." in printed
    assert "June 9, 2026 Town of Marlborough Justice Court 26-0412 $250.00" in printed
    assert "Replacement manhole cover not yet $1,180.50" in printed
    assert "Total on this statement $1,430.50" in printed


# Batches, speed, the network ---------------------------------------------------------------------------------


def test_a_mailing_run_is_one_pdf_with_each_notice_numbered_on_its_own(house, clerk) -> None:
    first = notice_to_connect(house, clerk, D(2026, 1, 1))
    second = notice_to_connect(house, clerk, D(2026, 2, 1))
    alone = len(pages(notice_pdf(first)))
    printed = pages(notices_pdf([first, second]))
    assert len(printed) == alone + len(pages(notice_pdf(second)))
    assert first.number in printed[0] and f"Page 1 of {alone}" in printed[0]
    assert second.number in printed[alone] and "Page 1 of" in printed[alone] and "June 30" not in printed[alone]
    with pytest.raises(ValueError, match="no notices"):
        notices_pdf([])


def test_a_notice_renders_well_under_two_seconds(house, clerk) -> None:
    notice = notice_to_connect(house, clerk, D(2026, 1, 1))
    notice_pdf(notice)  # first use loads the fonts
    started = time.perf_counter()
    notice_pdf(notice)
    assert time.perf_counter() - started < 2.0


def test_the_url_fetcher_refuses_the_network_and_files_outside_sewerworks() -> None:
    with pytest.raises(RefusedURL, match="network"):
        url_fetcher("http://example.com/logo.png")
    with pytest.raises(RefusedURL, match="network"):
        url_fetcher("https://fonts.example.com/serif.woff2")
    with pytest.raises(RefusedURL, match="inside sewerworks"):
        url_fetcher("file:///etc/passwd")
    assert url_fetcher("data:text/plain,ok").read() == b"ok"


def test_a_template_naming_an_outside_image_prints_without_opening_a_connection(monkeypatch) -> None:
    def no_network(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the renderer tried to open a network connection")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    html = '<p>Letterhead</p><img src="http://example.com/seal.png" alt="seal">'
    data = HTML(string=html, url_fetcher=LocalOnlyFetcher()).write_pdf()
    assert "Letterhead" in text(bytes(data))


# The views ---------------------------------------------------------------------------------------------------


def test_staff_open_the_notice_inline_as_a_pdf_named_by_its_number(house, clerk, client) -> None:
    notice = notice_to_connect(house, clerk, D(2026, 1, 1))
    client.force_login(clerk)
    response = client.get(reverse("enforcement:notice_pdf", args=[notice.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="{notice.number}.pdf"'
    assert notice.number == "NTC-2026-0001"
    assert "June 30, 2026" in text(response.content)


def test_the_fine_statement_view_and_its_date(house, clerk, make_user, client) -> None:
    violation, _nov = abandonment_violation(house, clerk, make_user)
    client.force_login(make_user("board member"))
    url = reverse("enforcement:fine_statement_pdf", args=[violation.pk])
    response = client.get(url, {"as_of": "2026-07-02"})
    assert response.status_code == 200 and "$325.00" in text(response.content)
    assert response["Content-Disposition"] == f'inline; filename="fine-statement-{violation.pk}.pdf"'
    bad = client.get(url, {"as_of": "the second of July"})
    assert bad.status_code == 400 and b"as_of must be a date" in bad.content
    before_the_law = client.get(url, {"as_of": "1901-01-01"})
    assert before_the_law.status_code == 400 and b"not in force" in before_the_law.content


def test_a_user_with_no_role_is_refused_and_a_visitor_is_sent_to_sign_in(house, clerk, make_user, client) -> None:
    notice = notice_to_connect(house, clerk, None)
    url = reverse("enforcement:notice_pdf", args=[notice.pk])
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and reverse("login") in anonymous["Location"]
    client.force_login(make_user())
    assert client.get(url).status_code == 403
    assert client.get(reverse("enforcement:fine_statement_pdf", args=[1])).status_code == 403


def test_unknown_records_and_bad_dates_are_answered_not_crashed(house, clerk, client) -> None:
    notice = notice_to_connect(house, clerk, None)
    client.force_login(clerk)
    assert client.get(reverse("enforcement:notice_pdf", args=[notice.pk + 1000])).status_code == 404
    assert client.get(reverse("enforcement:fine_statement_pdf", args=[999])).status_code == 404
    bad = client.get(reverse("enforcement:notice_pdf", args=[notice.pk]), {"appear_on": "soon"})
    assert bad.status_code == 400


# What happens to the amounts, and where (I-91) ---------------------------------------------------------------


def _charged_violation(house: Any, clerk: Any) -> Violation:
    violation = do_open_violation(
        parcel=house.parcel,
        section="118-44",
        discovered_on=D(2026, 4, 2),
        description="Manhole cover broken.",
        acting_user=clerk,
    )
    do_record_charge(
        violation,
        description="Replacement manhole cover",
        amount=Decimal("1180.50"),
        incurred_on=D(2026, 4, 3),
        acting_user=clerk,
    )
    return violation


def test_the_statement_names_the_sewer_account_the_charges_will_be_billed_to(house, clerk) -> None:
    f.account_with_meter(house.parcel, number="A-1207")
    violation = _charged_violation(house, clerk)
    printed = text(fine_statement_pdf(violation, as_of=D(2026, 6, 30)))
    assert "posted to the sewer account of the property and billed with it" not in printed
    assert f"pending charges of tax map {TAX_MAP}" in printed
    assert "posts each to sewer account A-1207" in printed
    assert "next semiannual sewer bill (§ 118-49)" in printed
    assert "the Town does not bill them" in printed


def test_a_property_with_no_sewer_account_is_told_its_charges_are_on_no_bill(house, clerk) -> None:
    violation = _charged_violation(house, clerk)
    printed = text(fine_statement_pdf(violation, as_of=D(2026, 6, 30)))
    assert f"Tax map {TAX_MAP} has no open sewer account, so these amounts are on no sewer bill" in printed
    assert "until an account is opened for it" in printed
    assert "billed with it" not in printed


def test_an_unposted_fine_is_said_not_yet_to_be_a_charge(house, clerk, make_user) -> None:
    violation, _nov = abandonment_violation(house, clerk, make_user)
    printed = text(fine_statement_pdf(violation, as_of=D(2026, 7, 2)))
    assert "The § 118-5 fine is not yet a charge" in printed
    assert "has no open sewer account" in printed
