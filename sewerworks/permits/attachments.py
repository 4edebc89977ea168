"""Plans, specifications and county permits filed with an application, served only to who may read permits."""

from sewerworks.core.attachments.files import register_attachment_owner

register_attachment_owner("permit-document", model="permits.PermitAttachment", permission="permits.view_permits")
