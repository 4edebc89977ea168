"""The public side's mails, in plain words, with links into ``/public/`` (``SEWERWORKS_SITE_URL``)."""

from __future__ import annotations

from django.conf import settings

from sewerworks.core.documents.town import town


def site(path: str) -> str:
    return f"{settings.SEWERWORKS_SITE_URL}{path}"


def signature() -> str:
    t = town()
    return f"\n-- \n{t['name']} {t['department']}\n{t['street']}, {t['city_line']} · {t['phone']}\n"


def verify_new(link: str) -> tuple[str, str]:
    return (
        "Confirm your e-mail address for the sewer department's online account",
        "Someone (we hope you) opened an online account with the sewer department with this e-mail address.\n\n"
        f"To confirm it, open this link within {settings.SEWERWORKS_VERIFY_HOURS} hours:\n\n{link}\n\n"
        "If it was not you, do nothing: the account stays unconfirmed and cannot see any property.\n" + signature(),
    )


def already_registered(signin: str, reset: str) -> tuple[str, str]:
    return (
        "Your sewer department online account",
        "Someone (we hope you) tried to open an online account with the sewer department with this e-mail "
        "address. It already has an account: no second one was opened.\n\n"
        f"Sign in: {signin}\nForgot your password? Choose a new one: {reset}\n\n"
        "If it was not you, do nothing: your account has not changed.\n" + signature(),
    )


def password_reset(link: str) -> tuple[str, str]:
    return (
        "Choose a new password for your sewer department online account",
        f"To choose a new password, open this link within a day (it works once):\n\n{link}\n\n"
        "If you did not ask for it, do nothing: your password has not changed.\n" + signature(),
    )


def paperless_bills(period_words: str, bills: list[tuple[str, str, str]], due: str) -> tuple[str, str]:
    lines = "\n".join(f"- {where}: {amount}\n  {link}" for where, amount, link in bills)
    return (
        f"Your sewer bill for {period_words}",
        f"Your sewer bill for {period_words} is ready. You chose paperless bills, so no paper bill is mailed.\n\n"
        f"{lines}\n\nDue on {due}. Each link opens the bill on your online account (sign in first); "
        "the bill itself is not attached to this mail.\n" + signature(),
    )
