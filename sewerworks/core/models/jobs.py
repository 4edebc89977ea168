from __future__ import annotations

from django.conf import settings
from django.db import models


class Job(models.Model):
    """A long piece of work run in the background (a bill run, a batch of PDFs, an import).

    The worker (``sewerworks worker``) runs the task; the task reports its progress here so the
    screens and the CLI can show how far it has got and what came of it. A running job records which
    worker process runs it, so that when that process dies (killed, out of memory, the machine
    restarted) the next worker to start marks the job interrupted instead of leaving it "running"
    forever; the task and its arguments are kept so that it can be rerun.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        SUCCEEDED = "succeeded", "Succeeded"
        FAILED = "failed", "Failed"
        INTERRUPTED = "interrupted", "Interrupted (its worker stopped)"
        CANCELLED = "cancelled", "Cancelled before it started"

    kind = models.CharField("kind", max_length=80, help_text="What sort of work, e.g. 'roll-import'.")
    title = models.CharField("title", max_length=200)
    status = models.CharField("status", max_length=12, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField("done", default=0)
    total = models.PositiveIntegerField("total", null=True, blank=True)
    message = models.TextField("message", blank=True, help_text="Last progress message or error.")
    result = models.JSONField("result", default=dict, blank=True)
    task_result_id = models.CharField("task id", max_length=64, blank=True)
    task_path = models.CharField(
        "task",
        max_length=200,
        blank=True,
        help_text="The task's import path, e.g. 'sewerworks.core.jobs.tasks.check_parameters'.",
    )
    task_kwargs = models.JSONField(
        "task arguments", default=dict, blank=True, help_text="The arguments it was started with (besides job_id)."
    )
    attempts = models.PositiveIntegerField("attempts", default=1, help_text="1, plus one for each rerun.")
    priority = models.SmallIntegerField(
        "priority", default=0, help_text="The worker takes the highest first: interactive work before batches."
    )
    request_key = models.CharField(
        "request",
        max_length=64,
        blank=True,
        help_text="Its kind and the arguments that make two requests the same work (a digest); empty: none.",
    )
    worker_host = models.CharField("worker host", max_length=200, blank=True)
    worker_pid = models.PositiveIntegerField("worker process id", null=True, blank=True)
    worker_process_start = models.CharField(
        "worker process start",
        max_length=40,
        blank=True,
        help_text=(
            "When the worker process started (clock ticks since boot on Linux), "
            "so a reused pid is not mistaken for it."
        ),
    )
    heartbeat_at = models.DateTimeField("last sign of life", null=True, blank=True)
    created_at = models.DateTimeField("created", auto_now_add=True)
    started_at = models.DateTimeField("started", null=True, blank=True)
    finished_at = models.DateTimeField("finished", null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="started by",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = "background job"
        ordering = ["-created_at", "-id"]
        constraints = [
            # A request equal to a job waiting or running is that job (core.jobs.queue): never two of them.
            models.UniqueConstraint(
                fields=["request_key"],
                condition=models.Q(status__in=["queued", "running"]) & ~models.Q(request_key=""),
                name="core_job_one_equal_request_at_a_time",
            ),
        ]
        indexes = [models.Index(fields=["created_by", "status"], name="core_job_waiting_by_user")]

    def __str__(self) -> str:
        return f"{self.title} ({self.get_status_display()})"

    @property
    def percent(self) -> int | None:
        if not self.total:
            return None
        return min(100, int(self.done * 100 / self.total))

    @property
    def finished(self) -> bool:
        return self.status in {
            self.Status.SUCCEEDED, self.Status.FAILED, self.Status.INTERRUPTED, self.Status.CANCELLED
        }  # fmt: skip

    @property
    def may_rerun(self) -> bool:
        """A job that stopped without succeeding, whose task was kept, may be run again."""
        return self.status in {self.Status.FAILED, self.Status.INTERRUPTED} and bool(self.task_path)

    @property
    def may_cancel(self) -> bool:
        """A job still waiting for the worker may be cancelled (core.jobs.queue.do_cancel_job)."""
        return self.status == self.Status.QUEUED

    reused = False  # not stored: True on the job start_job answered for an equal request (core.jobs.queue)
