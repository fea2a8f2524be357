cdefgh fgh 3456789
efgh 6789
5 5
efgh 89 h 7

