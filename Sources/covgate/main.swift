print("covgate")
