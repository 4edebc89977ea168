"""Background jobs: long work (imports, bill runs, PDF batches, screens) run by ``sewerworks worker`` with progress.

Owns: starting a task with its ``Job`` record and reporting its progress (``runner``: ``start_job``,
``JobRun``, ``do_rerun_job``), the queue's fairness (``queue``: equal requests are one job, a cap on each
user's waiting jobs, interactive work before batches, ``do_cancel_job``), core's own tasks (``tasks``), which
worker runs a job and what becomes of the jobs of a worker that died (``workers``), the worker's heartbeat
read by ``/healthz`` (``heartbeat``), and the lock that keeps two long runs of one kind from overlapping and
dies with its process (``locks``).

May import: Django, django-tasks, core's models, ``access`` (the role check) and ``records`` (the data
generation). Never ``web``, ``api`` nor any app: an app's task module imports ``jobs.runner``, not the reverse.
"""
