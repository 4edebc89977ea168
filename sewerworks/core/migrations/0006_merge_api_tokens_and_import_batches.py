# Merges two branches of the shared base (API tokens issued/revoked by, import batches).

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0005_api_token_issued_and_revoked_by"),
        ("core", "0005_merge_import_batches"),
    ]

    operations = []
