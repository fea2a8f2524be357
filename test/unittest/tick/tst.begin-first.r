begin 0
tick 1

