both 0, neither 0

