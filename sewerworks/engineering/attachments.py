"""The daily reports' photographs, served only to who may read the engineering records."""

from sewerworks.core.attachments.files import register_attachment_owner

register_attachment_owner("report-photo", model="engineering.ReportPhoto", permission="engineering.view_engineering")
