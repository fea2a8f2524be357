g h l o
t e b 0
c E
1 1

