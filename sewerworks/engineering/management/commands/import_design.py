"""``sewerworks import_design FILE [--project P] [--crs EPSG:N] [--as-user U] [--json]``.

Imports a sewer extension design (EPA SWMM 5 ``.inp`` or GeoJSON) as the next revision of project P (its
id or name; a new project named after the file when none is given) and prints its review. With ``--json``,
standard output is one JSON array with one flat object per finding: ``element``, ``requirement``,
``severity``, ``section``, ``sentence``. Exit 0 when the file was read, whatever the findings; exit 2 when it
cannot be read, naming the section and line.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from sewerworks.core.imports.cli import acting_user, read_file
from sewerworks.engineering.actions import DesignUnreadable, do_import_design
from sewerworks.engineering.models import DesignRevision, ExtensionProject


def _project(value: str | None) -> ExtensionProject | None:
    if not value:
        return None
    found = ExtensionProject.objects.filter(pk=int(value)) if value.isdigit() else ExtensionProject.objects.none()
    project = found.first() or ExtensionProject.objects.filter(name=value).first()
    if project is None:
        raise CommandError(f"There is no extension project {value!r} (give its id or its name).")
    return project


def findings_json(revision: DesignRevision) -> list[dict[str, str]]:
    return [
        {"element": f.place, "requirement": f.requirement, "severity": f.severity, "section": f"§{f.section}",
         "sentence": f.sentence}
        for f in revision.findings.order_by("id")
    ]  # fmt: skip


class Command(BaseCommand):
    help = "Import a sewer extension design (SWMM 5 .inp or GeoJSON) and print its review (§118-29, 32, 33)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="The design file: .inp (EPA SWMM 5) or .geojson.")
        parser.add_argument("--project", metavar="P", help="The project's id or name (default: a new project).")
        parser.add_argument("--crs", metavar="EPSG:N", help="The CRS of the file's coordinates (default EPSG:2260).")
        parser.add_argument("--as-user", metavar="USERNAME", help="The user the import is done as.")
        parser.add_argument("--json", action="store_true", help="Print the findings as one JSON array.")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        user = acting_user(options)
        project = _project(options.get("project"))
        try:
            revision = do_import_design(data=read_file(path), file_name=Path(path).name, acting_user=user,
                                        project=project, crs=options.get("crs"))  # fmt: skip
        except DesignUnreadable as refused:
            for error in refused.row_errors:
                self.stderr.write(f"{path}: {error}")
            raise CommandError(f"{path} cannot be read: {refused.row_errors[0]}", returncode=2) from None
        except PermissionDenied as exc:
            raise CommandError(str(exc) or "Permission denied.") from exc
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from exc
        if options["json"]:
            self.stdout.write(json.dumps(findings_json(revision), ensure_ascii=False))
            return
        self.stdout.write(f"{revision}: {revision.get_outcome_display()} ({revision.failing} failing, "
                          f"{revision.needing_review} for the Town Engineer)")  # fmt: skip
        for f in revision.findings.exclude(severity="complies").order_by("id"):
            self.stdout.write(
                f"  {f.place:<12} {f.get_severity_display():<13} §{f.section} {f.requirement}: {f.sentence}"
            )
