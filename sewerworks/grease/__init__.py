"""The food service grease program (§118-38): establishments, interceptors, inspections, pump-outs."""
