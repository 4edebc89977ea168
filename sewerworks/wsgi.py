"""WSGI entry point (gunicorn sewerworks.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sewerworks.settings")
application = get_wsgi_application()
