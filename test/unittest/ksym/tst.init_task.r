pid 0
comm swapper/0
mm 1
leader 1
sysname Linux
scoped 0

