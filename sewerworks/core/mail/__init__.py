"""E-mail the site sends, through an outbox (issue 37).

Owns: :func:`outbox.queue_mail` (a row of ``OutgoingMail`` written in the sender's transaction: the mail goes
only if the work that sends it commits), :func:`delivery.deliver_due` (every mail due, over one connection of
Django's e-mail backend; a failure leaves the mail queued with the next try a little later each time), the task
the worker runs to deliver (``outbox.deliver_mail``, enqueued when a mail is queued and again for the next try),
and the command ``sewerworks mail`` (what is queued, sent, failing; ``--send`` delivers what is due now).

The settings are Django's (``EMAIL_HOST`` ...), read from the environment (README, docs/public-side.md); the demo
writes each mail to a file under ``var/mail/``. A mail server that is down never fails the request that sent
the mail: the mail waits in the outbox.

May import: Django and core's models. Never an app: apps call it.
"""
