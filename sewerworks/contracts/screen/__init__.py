"""The contract-user screen: the whole parcel layer against both improvement-area boundaries, set-based
(``engine``), checked against the per-parcel topic (``reference``)."""
