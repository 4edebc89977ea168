"""Pretreatment: industrial users, their sampling points, samples and lab results judged by §118-37 and
§118-39, special agreements (§118-43), preliminary treatment (§118-40), SPDES cooling-water permits
(§118-28) and inspection visits (§118-45)."""
