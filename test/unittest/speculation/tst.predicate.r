to 2

