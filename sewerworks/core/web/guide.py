"""The deploy guide (``docs/deploy.md``) as a page anyone may read, without signing in: the sign-in page of a
server reached over plain http links to its TLS section (issue 30). The guide is the shipped documentation
(nothing secret: its passwords are placeholders); its Markdown is shown as written, headings with anchors,
paragraphs, lists and code, everything escaped."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET

GUIDE = Path("docs") / "deploy.md"
TLS_ANCHOR = "7-nginx-and-tls"


def anchor(heading: str) -> str:
    """``7. nginx and TLS`` -> ``7-nginx-and-tls``."""
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def _inline(text: str) -> str:
    """Code spans and **bold**, the rest escaped."""
    parts = re.split(r"(`[^`]+`)", text)
    return "".join(
        f"<code>{escape(p[1:-1])}</code>" if p.startswith("`") and p.endswith("`") and len(p) > 1 else _bold(p)
        for p in parts
    )


def _bold(text: str) -> str:
    return re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", str(escape(text)))


def to_html(markdown: str) -> SafeString:
    """The guide's Markdown as HTML: every character of it escaped, only its structure made into tags."""
    out: list[str] = []
    block: list[str] = []
    code: list[str] | None = None

    def flush() -> None:
        if not block:
            return
        if all(line.startswith("- ") or line.startswith("  ") for line in block) and block[0].startswith("- "):
            items = re.split(r"\n(?=- )", "\n".join(block))
            out.append("<ul>" + "".join(f"<li>{_inline(i[2:])}</li>" for i in items) + "</ul>")
        else:
            out.append(f"<p>{_inline(' '.join(block))}</p>")
        block.clear()

    for line in markdown.splitlines():
        if line.startswith("```"):
            if code is None:
                flush()
                code = []
            else:
                out.append(f"<pre><code>{escape(chr(10).join(code))}</code></pre>")
                code = None
            continue
        if code is not None:
            code.append(line)
        elif heading := re.match(r"(#{1,4}) (.*)", line):
            flush()
            level = len(heading.group(1))
            out.append(f'<h{level} id="{anchor(heading.group(2))}">{_inline(heading.group(2))}</h{level}>')
        elif not line.strip():
            flush()
        else:
            block.append(line)
    flush()
    return mark_safe("\n".join(out))  # noqa: S308 - built from escaped text above


@login_not_required
@require_GET
def deploy_guide(request: HttpRequest) -> HttpResponse:
    path = Path(settings.BASE_DIR) / GUIDE
    body = to_html(path.read_text(encoding="utf-8")) if path.exists() else None
    return render(request, "core/deploy_guide.html", {"guide": body, "source": str(GUIDE)})
