avg 15
min -4
max 8

