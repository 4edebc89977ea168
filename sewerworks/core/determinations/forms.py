"""A determination topic's facts as a form, generated from the topic's facts schema (JSON Schema of its
pydantic model): labels and help from the field descriptions, numbers, dates, yes/no, choices from enums,
nested facts as groups and lists of facts as repeatable rows. The form's answers become the same facts
dict the API takes, and pydantic alone decides what is valid: its errors come back to the fields by name.

Names are dotted paths: ``diameter_in``, ``strength.bod_mg_l``, ``bends.0.angle_degrees``; a list keeps
its row count in ``<path>.__rows``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

ROWS = "__rows"
MAX_ROWS = 200  # a form is for a case, not a batch (the API and --facts take batches)


@dataclass
class FormField:
    """One input (or a group or list of inputs) of a topic's facts form."""

    name: str
    label: str
    help: str
    kind: str  # number | integer | numbers | boolean | tristate | date | datetime | text | choice | group | list
    required: bool
    default: Any = None
    choices: list[tuple[str, str]] = field(default_factory=list)
    children: list[FormField] = field(default_factory=list)  # a group's fields; a list's row fields
    minimum: Any = None
    maximum: Any = None
    above: Any = None  # an exclusive minimum: "more than 0"
    scalar_too: bool = False  # a list of numbers that may also be given as one number (a count)

    @property
    def input_id(self) -> str:
        return "f-" + self.name.replace(".", "-")


def _resolve(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> Mapping[str, Any]:
    while "$ref" in schema:
        schema = {**defs[schema["$ref"].rsplit("/", 1)[-1]], **{k: v for k, v in schema.items() if k != "$ref"}}
    return schema


def _kind(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> tuple[str, Mapping[str, Any], bool]:
    """(kind, the schema that decided it, whether null is allowed)."""
    schema = _resolve(schema, defs)
    options = [_resolve(o, defs) for o in schema.get("anyOf", [])] or [schema]
    nullable = any(o.get("type") == "null" for o in options)
    options = [o for o in options if o.get("type") != "null"]
    types = {o.get("type") for o in options}
    if any("enum" in o for o in options):
        return "choice", next(o for o in options if "enum" in o), nullable
    if "array" in types:
        array = next(o for o in options if o.get("type") == "array")
        items = _resolve(array.get("items", {}), defs)
        return ("list" if items.get("type") == "object" else "numbers"), array, nullable
    if "object" in types:
        return "group", options[0], nullable
    if "number" in types:
        return "number", next(o for o in options if o.get("type") == "number"), nullable
    if "integer" in types:
        return "integer", next(o for o in options if o.get("type") == "integer"), nullable
    if "boolean" in types:  # a yes/no that may be unknown is asked as a choice of three
        return ("tristate" if nullable else "boolean"), options[0], nullable
    fmt = next((o.get("format") for o in options if o.get("format")), "")
    if fmt in {"date", "date-time"}:
        return ("date" if fmt == "date" else "datetime"), options[0], nullable
    return "text", options[0], nullable


UNITS = {"Ft": "ft", "Gal": "gallons", "Gpd": "gal/day", "Gpm": "gal/min", "Pct": "%", "Usd": "$"}


def _label(name: str, schema: Mapping[str, Any]) -> str:
    """The field's title in words, its unit moved to the end: "Head Ft Above Crown" -> "Head above crown (ft)"."""
    words = str(schema.get("title") or name.replace("_", " ").title()).split()
    units = [UNITS[w] for w in words if w in UNITS]
    if len(words) > 1 and words[-1] == "In":  # inches only as the last word ("Diameter In")
        units.append("in")
        words = words[:-1]
    if len(words) > 2 and words[-2:] == ["Mg", "L"]:
        units.append("mg/L")
        words = words[:-2]
    words = [w for w in words if w not in UNITS] or words
    text = " ".join([words[0], *(w.lower() for w in words[1:])])
    return f"{text} ({', '.join(units)})" if units else text


def form_fields(
    schema: Mapping[str, Any], *, prefix: str = "", defs: Mapping[str, Any] | None = None
) -> list[FormField]:
    """The fields of the object ``schema`` (a topic's ``json_schema()``), in the schema's order."""
    defs = defs if defs is not None else schema.get("$defs", {})
    schema = _resolve(schema, defs)
    required = set(schema.get("required", []))
    out = []
    for name, raw in schema.get("properties", {}).items():
        kind, decided, nullable = _kind(raw, defs)
        resolved = _resolve(raw, defs)
        path = f"{prefix}{name}"
        item = FormField(
            name=path,
            label=_label(name, resolved),
            help=str(resolved.get("description") or decided.get("description") or ""),
            kind=kind,
            required=name in required and not nullable,
            default=resolved.get("default"),
            minimum=decided.get("minimum"),
            maximum=decided.get("maximum"),
            above=decided.get("exclusiveMinimum"),
        )
        item.scalar_too = kind == "numbers" and decided is not resolved and len(resolved.get("anyOf", [])) > 1
        if kind == "choice":
            item.choices = [(str(v), str(v).replace("_", " ")) for v in decided["enum"]]
        elif kind == "group":
            item.children = form_fields(decided, prefix=f"{path}.", defs=defs)
        elif kind == "list":
            item.children = form_fields(_resolve(decided["items"], defs), prefix=f"{path}.#.", defs=defs)
        out.append(item)
    return out


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "on" if value else "no"
    if isinstance(value, list):  # a list of one keeps its comma: "48," is a list, "48" a number
        return ", ".join(_text(v) for v in value) + ("," if len(value) == 1 else "")
    return str(value)


def values_from_facts(fields: list[FormField], facts: Mapping[str, Any], *, prefix: str = "") -> dict[str, str]:
    """The form's values (name -> text) that show ``facts``; defaults fill what the facts leave out."""
    values: dict[str, str] = {}
    for f in fields:
        key = f.name.rsplit(".", 1)[-1]
        name = prefix + key
        value = facts.get(key, f.default) if isinstance(facts, Mapping) else None
        if f.kind == "group":  # an optional group not given stays blank (its defaults are not facts given)
            if value is not None or f.required:
                values.update(values_from_facts(f.children, value or {}, prefix=f"{name}."))
        elif f.kind == "list":
            rows = value if isinstance(value, list) else []
            values[f"{name}.{ROWS}"] = str(len(rows))
            for i, row in enumerate(rows):
                values.update(values_from_facts(f.children, row or {}, prefix=f"{name}.{i}."))
        else:
            values[name] = _text(value)
    return values


def _number_list(text: str, kind_allows_scalar: bool) -> Any:
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if len(parts) == 1 and kind_allows_scalar and "," not in text:
        return parts[0]
    return parts


def facts_from_values(fields: list[FormField], values: Mapping[str, str], *, prefix: str = "") -> dict[str, Any]:
    """The facts the form's ``values`` say (blank optional fields left out, so the topic's default applies);
    the text is passed as written for pydantic to judge."""
    facts: dict[str, Any] = {}
    for f in fields:
        key = f.name.rsplit(".", 1)[-1]
        name = prefix + key
        if f.kind == "group":
            inner = facts_from_values(f.children, values, prefix=f"{name}.")
            if f.required or _given(f.children, values, f"{name}."):
                facts[key] = inner
        elif f.kind == "list":
            rows = row_count(values, name)
            facts[key] = [facts_from_values(f.children, values, prefix=f"{name}.{i}.") for i in range(rows)]
        elif f.kind == "boolean":
            facts[key] = values.get(name, "") in {"on", "true", "yes", "1"}
        elif f.kind == "tristate":
            said = values.get(name, "")
            if said in {"on", "yes", "no"}:
                facts[key] = said != "no"
        else:
            text = values.get(name, "").strip()
            if text:
                facts[key] = _number_list(text, True) if f.kind == "numbers" else text
    return facts


def _given(fields: list[FormField], values: Mapping[str, str], prefix: str) -> bool:
    """Whether any fact of a group was written (a yes/no box alone does not give an optional group)."""
    for f in fields:
        name = prefix + f.name.rsplit(".", 1)[-1]
        if f.kind in {"group", "list"}:
            if _given(f.children, values, f"{name}.") or row_count(values, name):
                return True
        elif f.kind != "boolean" and values.get(name, "").strip():
            return True
    return False


def row_count(values: Mapping[str, str], name: str) -> int:
    try:
        return max(0, min(MAX_ROWS, int(values.get(f"{name}.{ROWS}", "0"))))
    except ValueError:
        return 0


def errors_by_field(errors: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    """pydantic's errors (``loc`` paths) keyed by the form's dotted names; '' for the facts as a whole."""
    out: dict[str, list[str]] = {}
    for e in errors:
        loc = [str(part) for part in e.get("loc", ()) if not str(part).startswith(("function-", "constrained-"))]
        out.setdefault(".".join(loc), []).append(str(e.get("msg", "")).removeprefix("Value error, "))
    return out


@dataclass
class BoundField:
    """A form field with its concrete name (row numbers filled in), value and errors, for the template."""

    spec: FormField
    name: str
    value: str
    errors: list[str]
    children: list[BoundField] = field(default_factory=list)  # a group's
    rows: list[list[BoundField]] = field(default_factory=list)  # a list's

    @property
    def input_id(self) -> str:
        return "f-" + self.name.replace(".", "-")

    @property
    def checked(self) -> bool:
        return self.value in {"on", "true", "True", "yes", "1"}


def bind(
    fields: list[FormField], values: Mapping[str, str], errors: Mapping[str, list[str]], *, prefix: str = ""
) -> list[BoundField]:
    out = []
    for f in fields:
        name = prefix + f.name.rsplit(".", 1)[-1]
        bound = BoundField(f, name, values.get(name, ""), errors.get(name, []))
        if f.kind == "group":
            bound.children = bind(f.children, values, errors, prefix=f"{name}.")
        elif f.kind == "list":
            bound.rows = [
                bind(f.children, values, errors, prefix=f"{name}.{i}.") for i in range(row_count(values, name))
            ]
        out.append(bound)
    return out


def field_names(bound: list[BoundField]) -> set[str]:
    names = set()
    for b in bound:
        names.add(b.name)
        names |= field_names(b.children)
        for row in b.rows:
            names |= field_names(row)
    return names


def place_errors(errors: dict[str, list[str]], names: set[str]) -> dict[str, list[str]]:
    """Each error under the longest field name its path starts with (a union's type tag dropped); the rest
    under '' (the facts as a whole)."""
    placed: dict[str, list[str]] = {}
    for path, messages in errors.items():
        parts = path.split(".") if path else []
        while parts and ".".join(parts) not in names:
            parts.pop()
        placed.setdefault(".".join(parts), []).extend(messages)
    return placed
