"""Contract users (§118-1, §118-29.1): the screen of the parcel layer and the Board-approved agreements."""
