"""The life of a building's connection to the public sewer (§118-5), declared as data (``core.records.pipelines``).

    unsewered → notified (official notice to connect served) → connected
    unsewered → connected (connected without a notice)

Every move is a history row of the connection naming who and why. A connection is not undone: a record
entered wrongly is corrected by the administrator in the database, not by moving it back.
"""

from __future__ import annotations

from sewerworks.core.records.pipelines import Pipeline
from sewerworks.registry.choices import ConnectionStatus

__all__ = ["CONNECTION"]

CONNECTION = Pipeline(
    "a connection",
    dict(ConnectionStatus.choices),
    {
        ConnectionStatus.UNSEWERED: {
            ConnectionStatus.NOTIFIED: "official notice to connect served (§118-5)",
            ConnectionStatus.CONNECTED: "connected to the public sewer",
        },
        ConnectionStatus.NOTIFIED: {ConnectionStatus.CONNECTED: "connected to the public sewer as noticed"},
        ConnectionStatus.CONNECTED: {},
    },
)
