"""Every editable record keeps its change history; append-only and system records say why they don't."""

from __future__ import annotations

from django.apps import apps

# Records never edited after they are written: each row names its creator/run, and a batch writes one
# AuditEvent instead of a history row per row (ARCHITECTURE.md, "Audit without doubling the writes").
APPEND_ONLY = {
    "registry.meterread": "append-only reads written in bulk; a wrong read is superseded, never edited",
    "core.auditevent": "the audit trail itself",
    "core.storeddecision": "a determination as made on the day; a new one is a new row",
    "core.job": "progress of a background job, written by the worker",
    "core.workerheartbeat": "a worker process's sign of life, rewritten every half-minute by the worker",
    "core.tablegeneration": "a counter per table moved on by each committed change (core.records.generation)",
    "billing.billbatch": "a mailing batch of bill PDFs: its progress and file are written by its job, like core.job",
    "core.apitoken": "issued or revoked by an administrator (each an AuditEvent); the key is never edited",
    "core.importbatch": "state of an import's staged writes, written by the import; its AuditEvent is the record",
    "billing.bill": "written in bulk by a bill run (a draft is replaced whole, never edited); one AuditEvent per run",
    "billing.billline": "line items written in bulk with their bill",
    "billing.ledgerentry": "the ledger is append-only: a mistake is corrected by another entry",
    "billing.billvoid": "the record that a bill was voided, written once with who, when and why, and an AuditEvent",
    "billing.rebill": "the record that an account was billed again, written once with its new bill and an AuditEvent",
    "billing.periodstatuschange": "each move of a billing period, itself the period's history of status",
    "enforcement.sweeprun": "one row per run of the daily sweep, with its AuditEvent",
    "enforcement.statuschange": "a violation's move along its pipeline, itself the history of the violation",
    "engineering.designrevision": "a design as submitted and reviewed on import; a correction is a new revision",
    "engineering.designelement": "pipes and manholes written in bulk with their revision; one AuditEvent per import",
    "engineering.designfinding": "the review's findings written in bulk with their revision",
    "engineering.inspectionmonth": "a month of inspection billed once with its charge and AuditEvent; never edited",
    "engineering.petitionsignature": "a signature on the petition as filed, written once with its AuditEvent",
    "engineering.reportphoto": "a photograph of the day, kept as uploaded with its AuditEvent",
    "engineering.materialrejection": "the Town Engineer's rejection as written on the day's report, never edited",
    "engineering.plannedsection": "the test plan's sections written in bulk by the plan, one AuditEvent per plan",
    "engineering.sectionrepair": "a repair as recorded with its AuditEvent; a retest follows it, never edits it",
    "engineering.exfiltrationtest": "a test as measured, with its decision; a failure is followed by a retest",
    "contracts.screenrun": "one row per run of the contract-user screen, with its AuditEvent",
    "contracts.candidate": "derived by the screen in bulk from the registry, replaced whole by each run",
    "pretreatment.sample": "a lab sample as entered, never edited (a correction is a new sample); one AuditEvent a run",
    "pretreatment.result": "lab results written in bulk with their sample",
    "billing.statementline": "a filed §118-53 statement's lines, written in bulk with it and never edited (a later "
    "statement supersedes it); the statement keeps its history",
    "billing.rollremoval": "a removal from the tax roll, written once with its counter-entries and an AuditEvent",
    "billing.noticebatch": "a batch of notices before relevy: its progress and file are written by its job, like "
    "billing.billbatch",
    "billing.exportlayout": "a version of the county's column map, recorded once; a change is a new version",
    "billing.taxrollexport": "an export for the county, written once by do_export_tax_roll with its AuditEvent",
    "billing.countysettlement": "what the county credited, recorded once with its AuditEvent; a correction is a "
    "new settlement",
    "billing.settlementline": "a settlement's lines, written in bulk with it",
    "billing.capitalchargerun": "one row per run of a tax year's capital charge, its count written by the run, "
    "with its AuditEvent",
    "billing.capitalcharge": "written in bulk by a capital charge run, never edited; one AuditEvent per run",
    "billing.connectioncharge": "a connection charge bill, written once with its determination; paid by ledger entries",
    "billing.searchletter": "a search letter as handed over, numbered and kept with its PDF; a new one is a new row",
    "billing.sale": "a sale as recorded at the closing with its final read and bill, written once with an AuditEvent",
    "pretreatment.exceedance": "what an evaluation found, written by it with its decision; a period's evaluation "
    "alone changes its figures or withdraws it, each an ExceedanceChange of its run",
    "pretreatment.evaluationrun": "one row per period evaluation, its counts and timings written by the run, with "
    "its AuditEvent",
    "pretreatment.exceedancechange": "what a period's evaluation changed in an exceedance, itself its history",
    "billing.deposit": "a closed deposit never changes nor is deleted (billing.models.cash.WrittenOnce, I-127)",
    "billing.deposititem": "the items of a closed deposit, written with it, never changed (WrittenOnce)",
    "billing.monthlyturnover": "a closed month's turnover, written once when closed, frozen (WrittenOnce)",
    "billing.turnoverline": "a closed month's money per fund, written with it, never changed (WrittenOnce)",
    "billing.returnedcheck": "the bank's return recorded once with the reversal it explains, and an AuditEvent",
    "billing.accountnote": "a note written once on the account with who and when; a new fact is a new note",
    "billing.areabudget": "a budget entered once against its resolution; an amended budget is a new row",
    "billing.ratecandidate": "a proposal entered once in a review with who and when; another is a new candidate",
    "core.outgoingmail": "the outbox: a mail as queued, its delivery state written by the sender, like core.job",
    "public.publicaccount": "a person's own account: sign-up, confirmation, paperless and password are each an "
    "AuditEvent; staff never edit it",
    "public.publiclink": "granted once and ended once (who, when, why kept on the row), each with an AuditEvent",
    "public.pagehits": "a per-address page count of one minute (the rate limit), not a record",
}


def project_apps() -> list[str]:
    """Every app of the project (``sewerworks.*``), so an app added later is covered without being named."""
    return [c.label for c in apps.get_app_configs() if c.name.startswith("sewerworks.")]


def test_every_editable_model_has_history() -> None:
    missing = []
    for app in project_apps():
        for model in apps.get_app_config(app).get_models():
            label = model._meta.label_lower
            if model.__name__.startswith("Historical") or label in APPEND_ONLY:
                continue
            if not hasattr(model, "history"):
                missing.append(label)
    assert not missing, f"models without change history: {missing}"


def test_the_append_only_list_names_real_models() -> None:
    for label in APPEND_ONLY:
        assert apps.get_model(label) is not None


def test_every_project_app_is_looked_at() -> None:
    assert {"core", "registry", "enforcement"} <= set(project_apps())
