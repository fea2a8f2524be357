first, committed
third, committed
ids 1 1 1

