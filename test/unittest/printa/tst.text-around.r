before
1
after

