c1
c2
between
b1
b2
1 2 3

