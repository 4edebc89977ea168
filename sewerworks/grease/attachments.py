"""The hauler's receipts kept with the pump-out log, served only to who may read the grease program."""

from sewerworks.core.attachments.files import register_attachment_owner

register_attachment_owner("grease-receipt", model="grease.PumpOut", field="receipt", permission="grease.view_grease")
