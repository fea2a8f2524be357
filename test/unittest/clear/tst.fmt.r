k 0

