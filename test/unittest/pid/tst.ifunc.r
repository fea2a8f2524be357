libc.so.6:strlen:entry "hello, ifunc"
libc.so.6:strlen:return 12

