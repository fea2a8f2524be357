[ab][    x][short]

