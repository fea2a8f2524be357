a	b\c"d"

