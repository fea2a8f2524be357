k 5

