"""A clerk draws a parcel's boundary and places its discharge point on the map of the edit page instead of
typing coordinates: the boundary saved is the polygon clicked (converted to EPSG:2260 feet), a dragged
corner and pasted coordinates move the map and the text together, and the page stays accessible.

Where a click lands in feet is worked out from the map itself: the corner handles of a boundary whose
coordinates are known sit at known pixels, and an affine fit of those (a few hundred feet of a
transverse Mercator projection shown in Web Mercator are affine to well under a foot) turns any other
pixel into EPSG:2260 feet, independently of the page's own conversion."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from playwright.sync_api import expect
from shapely import wkt
from shapely.geometry import Polygon

from sewerworks.registry.models import Parcel
from sewerworks.registry.tests import factories as f

pytestmark = pytest.mark.django_db(transaction=True)

CORNERS = "#draw-map .marker-icon:not(.marker-icon-middle)"


@pytest.fixture
def parcel() -> Parcel:
    a = f.area()
    p = f.parcel(improvement_area=a, street_number="21", street_name="Western Ave")
    f.main(a)
    f.parcel("108.12-3-46", street_number="23", street_name="Western Ave", improvement_area=a, dx=-20, dy=300)
    return p


def corner_pixels(page: Any) -> list[tuple[float, float]]:
    """Where the corner handles are, in pixels from the map's top left corner (scrolling does not move them)."""
    page.locator("#draw-map").scroll_into_view_if_needed()
    origin = page.locator("#draw-map").bounding_box()
    boxes = [page.locator(CORNERS).nth(i).bounding_box() for i in range(page.locator(CORNERS).count())]
    return [(b["x"] + b["width"] / 2 - origin["x"], b["y"] + b["height"] / 2 - origin["y"]) for b in boxes]


def click_map(page: Any, x: float, y: float) -> None:
    page.locator("#draw-map").click(position={"x": x, "y": y})


def pixel_to_feet(pixels: list[tuple[float, float]], feet: list[tuple[float, float]]) -> Any:
    """The affine map pixel -> feet that carries the corner handles onto their known coordinates."""
    a = np.array([[x, y, 1.0] for x, y in pixels])
    coef, *_ = np.linalg.lstsq(a, np.array(feet), rcond=None)
    return lambda x, y: tuple(np.array([x, y, 1.0]) @ coef)


def ring(text: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in wkt.loads(text).exterior.coords[:-1]]


def flat(points: list[tuple[float, float]]) -> list[float]:
    return [c for p in points for c in p]


def wait_for_field_change(page: Any, selector: str, old: str) -> str:
    expect(page.locator(selector)).not_to_have_value(old)
    return str(page.input_value(selector))


def test_a_clerk_draws_the_boundary_on_the_map_and_saves_that_polygon(page, login, shot, parcel) -> None:
    login("clerk")
    page.goto(f"/registry/parcels/{parcel.pk}/edit/")
    page.wait_for_selector("#draw-map[data-loaded='true']")
    expect(page.locator(CORNERS)).to_have_count(4)
    to_feet = pixel_to_feet(corner_pixels(page), ring(parcel.polygon))
    shot("draw-edit-page")

    box = page.locator("#draw-map").bounding_box()
    cx, cy = box["width"] / 2, box["height"] / 2
    clicked = [(cx - 90, cy - 60), (cx + 110, cy - 70), (cx + 80, cy + 90), (cx - 100, cy + 70)]
    old = page.input_value("#id_polygon")
    page.get_by_role("button", name="Draw the boundary").click()
    for x, y in clicked:
        click_map(page, x, y)
    page.get_by_role("button", name="Finish the boundary").click()
    text = wait_for_field_change(page, "#id_polygon", old)
    expected = Polygon([to_feet(*p) for p in clicked])
    drawn = wkt.loads(text)
    assert drawn.geom_type == "Polygon" and len(drawn.exterior.coords) == 5
    assert abs(drawn.area - expected.area) / expected.area < 0.01
    assert drawn.symmetric_difference(expected).area / expected.area < 0.02
    assert "sq ft" in page.locator("#draw-status").inner_text()
    assert page.locator(CORNERS).count() == 4
    shot("draw-boundary-drawn")
    page.get_by_label("Reason for the change").fill("Boundary redrawn from the survey map")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**/registry/parcels/{parcel.pk}/")
    parcel.refresh_from_db()
    assert parcel.polygon == text
    assert abs(wkt.loads(parcel.polygon).area - expected.area) / expected.area < 0.01


def test_a_dragged_corner_and_pasted_coordinates_move_map_and_text_together(page, login, shot, parcel) -> None:
    login("clerk")
    page.goto(f"/registry/parcels/{parcel.pk}/edit/")
    page.wait_for_selector("#draw-map[data-loaded='true']")
    expect(page.locator(CORNERS)).to_have_count(4)
    corners = ring(parcel.polygon)
    pixels = corner_pixels(page)
    to_feet = pixel_to_feet(pixels, corners)

    # Drag the first corner 40 px right: only that corner moves in the text, by what 40 px are in feet.
    old = page.input_value("#id_polygon")
    x, y = pixels[0]
    origin = page.locator("#draw-map").bounding_box()
    page.mouse.move(origin["x"] + x, origin["y"] + y)
    page.mouse.down()
    page.mouse.move(origin["x"] + x + 20, origin["y"] + y, steps=4)
    page.mouse.move(origin["x"] + x + 40, origin["y"] + y, steps=4)
    page.mouse.up()
    moved = ring(wait_for_field_change(page, "#id_polygon", old))
    target = to_feet(x + 40, y)
    assert abs(moved[0][0] - target[0]) < 2 and abs(moved[0][1] - target[1]) < 2
    assert flat(moved[1:]) == pytest.approx(flat(corners[1:]), abs=0.01)

    # Paste a triangle: the map redraws it (three corner handles where its coordinates fall).
    triangle = [(640300.0, 1010300.0), (640420.0, 1010300.0), (640360.0, 1010400.0)]
    pasted = "POLYGON ((" + ", ".join(f"{a} {b}" for a, b in triangle + triangle[:1]) + "))"
    page.locator("#id_polygon").fill(pasted)
    expect(page.locator(CORNERS)).to_have_count(3)
    assert "6,000 sq ft" in page.locator("#draw-status").inner_text()
    px = corner_pixels(page)
    assert px[2][1] < px[0][1] and px[0][0] < px[1][0]  # the apex is above, the base runs west to east
    to_feet = pixel_to_feet(px, triangle)
    shot("draw-boundary-pasted")

    # Something that is not a polygon is refused by name, and the map keeps the last good boundary.
    page.locator("#id_polygon").fill("POLYGON ((0 0, 10 10, 10 0, 0 10, 0 0))")
    expect(page.locator("#draw-status")).to_contain_text("not valid")
    assert "Parcel polygon" in page.locator("#draw-status").inner_text()
    assert page.locator(CORNERS).count() == 3
    page.locator("#id_polygon").fill(pasted)
    expect(page.locator("#draw-status")).to_contain_text("6,000 sq ft")

    # The discharge point by one click.
    old = page.input_value("#id_discharge_point")
    page.get_by_role("button", name="Place the discharge point").click()
    cx, cy = sum(x for x, _ in px) / 3, sum(y for _, y in px) / 3  # inside the boundary, as a clerk would
    click_map(page, cx, cy)
    point = wkt.loads(wait_for_field_change(page, "#id_discharge_point", old))
    ex, ey = to_feet(cx, cy)
    assert abs(point.x - ex) < 2 and abs(point.y - ey) < 2
    shot("draw-discharge-point")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**/registry/parcels/{parcel.pk}/")
    parcel.refresh_from_db()
    assert flat(ring(parcel.polygon)) == pytest.approx(flat(triangle))
    assert wkt.loads(parcel.discharge_point).distance(point) < 0.01
