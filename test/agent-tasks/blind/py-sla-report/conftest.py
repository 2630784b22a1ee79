# Keeps the project root importable so `sla` and `vendor.bizhours` resolve under pytest.
