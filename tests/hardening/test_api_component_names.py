"""Every shape the API document describes is the one its operations answer (issue 30, item 2): a component
of ``/api/openapi.json`` is named by its schema class, so two classes of one name (a permit of the permits
program and of pretreatment) left one of them described by the other's fields, and a client generated from
the document read the wrong fields. No two schema classes share a component name; one ErrorOut serves all."""

from __future__ import annotations

import typing
from collections import defaultdict
from typing import Any

from ninja.openapi.schema import REF_TEMPLATE
from ninja.schema import NinjaGenerateJsonSchema
from pydantic import BaseModel

from sewerworks.api import api


def _models(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models an annotation names (inside lists, unions, optionals)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [found for arg in typing.get_args(annotation) for found in _models(arg)]


def _operations() -> list[Any]:
    return [
        operation
        for router in api._get_bound_routers()
        for view in router.path_operations.values()
        for operation in view.operations
    ]


def schema_classes() -> dict[str, set[type[BaseModel]]]:
    """Component name -> the classes the document's operations take or answer under it (nested included).
    ninja's wrappers (the body, query and path parameter models, the response holder) are not components:
    their fields' classes are."""
    start: list[type[BaseModel]] = []
    for operation in _operations():
        for wrapper in operation.models:
            for field in wrapper.model_fields.values():
                start += _models(field.annotation)
        for wrapper in operation.response_models.values():
            if wrapper is not None:
                start += _models(wrapper.model_fields["response"].annotation)
    named: dict[str, set[type[BaseModel]]] = defaultdict(set)
    seen: set[type[BaseModel]] = set()
    while start:
        model = start.pop()
        if model in seen:
            continue
        seen.add(model)
        named[model.__name__].add(model)
        for field in model.model_fields.values():
            start += _models(field.annotation)
    return named


def _same_shape(classes: set[type[BaseModel]]) -> bool:
    """Classes ninja makes per operation (``PagedEstablishmentOut`` for each paginated list) share a name and a
    shape: harmless. Classes of ours never share a name."""
    ours = [c for c in classes if c.__module__.startswith("sewerworks")]
    shapes = {str(c.model_json_schema()) for c in classes}
    return len(ours) <= 1 and len(shapes) == 1


def test_no_two_schema_classes_share_a_component_name() -> None:
    named = schema_classes()
    assert len(named) > 100  # the walk reached the whole API
    shared = {
        name: sorted(f"{c.__module__}.{c.__qualname__}" for c in classes)
        for name, classes in named.items()
        if len(classes) > 1 and not _same_shape(classes)
    }
    assert shared == {}


def test_one_error_shape_describes_every_refusal() -> None:
    from sewerworks.core.api.schemas import ErrorOut

    assert named_classes("ErrorOut") == {ErrorOut}
    document = api.get_openapi_schema()
    assert document["components"]["schemas"]["ErrorOut"] == ErrorOut.model_json_schema()


def named_classes(name: str) -> set[type[BaseModel]]:
    return schema_classes()[name]


def test_each_component_is_the_class_of_its_name() -> None:
    """The document's components are the classes': a shape described under a name is that class's own."""
    document = api.get_openapi_schema()["components"]["schemas"]
    for name, classes in schema_classes().items():
        if name in document and len(classes) == 1:
            (model,) = classes
            own = [
                model.model_json_schema(
                    ref_template=REF_TEMPLATE, schema_generator=NinjaGenerateJsonSchema, mode=mode, by_alias=alias
                )
                for mode in ("validation", "serialization")
                for alias in (True, False)
            ]
            assert document[name] in [{k: v for k, v in o.items() if k != "$defs"} for o in own], name
