"""The public side's screens: ``pages`` (anyone, no sign-in, limited per address), ``account`` (signing up and in),
``owner`` (a public account's own parcels, every record fetched through ``scope``), ``staff`` (the staff's view of
public accounts and links, login and role as every staff page)."""
