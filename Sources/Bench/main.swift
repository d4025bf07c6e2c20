print("courier-bench: coming soon")
