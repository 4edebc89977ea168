"""Background tasks of the core app."""

from __future__ import annotations

from django_tasks import task

from sewerworks.core.jobs.runner import JobRun
from sewerworks.core.parameters import current_parameters
from sewerworks.ordinance.parameters import ParameterError


@task()
def check_parameters(job_id: int) -> None:
    """Check every parameter in force (packaged and recorded by resolution) and report what it finds.

    Each parameter is read as of today; a key with no value in force yet is listed. A job the
    administrator runs after recording a resolution, to see the values the software will apply.
    """
    from sewerworks.core.determinations.run import today

    with JobRun(job_id) as run:
        params = current_parameters()
        keys = params.keys()
        view = params.at(today())
        not_in_force: list[str] = []
        for i, key in enumerate(keys, start=1):
            try:
                view[key]
            except (KeyError, ParameterError):  # not yet in force, or a recorded value set aside
                not_in_force.append(key)
            if i % 10 == 0 or i == len(keys):
                run.progress(done=i, total=len(keys), message=f"Checked {i} of {len(keys)} parameters.")
        run.result = {"parameters": len(keys), "not_yet_in_force": not_in_force, "set_aside": list(params.problems)}
