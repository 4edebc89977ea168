"""A small, valid one-page PDF for a demo hauler's receipt (no network, no renderer: written by hand)."""

from __future__ import annotations


def receipt_pdf(lines: list[str]) -> bytes:
    """A one-page PDF showing ``lines`` in Helvetica (ASCII only; parentheses and backslashes replaced)."""
    safe = [line.encode("ascii", "replace").decode().replace("\\", "/").replace("(", "[").replace(")", "]")
            for line in lines]  # fmt: skip
    text = "".join(f"BT /F1 11 Tf 72 {720 - 16 * n} Td ({line}) Tj ET\n" for n, line in enumerate(safe))
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(text)} >>\nstream\n{text}endstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = "%PDF-1.4\n"
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{n} 0 obj\n{body}\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n"
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    return out.encode("ascii")
