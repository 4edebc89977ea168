"""The grease program's screens: the list, the establishment page, the inspection form, pump-outs, haulers."""
