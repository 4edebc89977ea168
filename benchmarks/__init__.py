"""sewerworks benchmarks (``make bench``, ``python -m benchmarks``).

Each figure is printed next to a floor measured in the same process on the same data: the cheapest
thing the database can do for the same question. A ratio to the floor says how much the product adds,
independently of how fast the machine is. Results are recorded in ``docs/benchmarks.md``.
"""
