"""A YAML SafeLoader that refuses duplicate keys at any level and leaves dates as text.

PyYAML silently keeps the last of two equal keys, which would let a copied line override a value
unnoticed; this loader raises instead. Dates stay strings so the parameter loader can parse them itself
and report "2000-13-01" as a bad effective date rather than crash.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import yaml
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode

_TIMESTAMP = "tag:yaml.org,2002:timestamp"


class DuplicateKeyError(ConstructorError):
    """The same key twice in one mapping."""

    def __init__(self, key: Any, node: MappingNode, key_node: yaml.Node) -> None:
        self.key = key
        self.line = key_node.start_mark.line + 1
        super().__init__(
            "while constructing a mapping",
            node.start_mark,
            f"found duplicate key {key!r} (line {self.line})",
            key_node.start_mark,
        )


class StrictLoader(yaml.SafeLoader):
    """SafeLoader without implicit timestamps and with duplicate-key detection."""

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            if isinstance(key, Hashable) and key in seen:
                raise DuplicateKeyError(key, node, key_node)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != _TIMESTAMP]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def load(text: str) -> Any:
    return yaml.load(text, Loader=StrictLoader)  # noqa: S506 - StrictLoader is a SafeLoader
