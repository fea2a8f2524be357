pidprog fn_neg:entry 42
pidprog fn_neg:entry 7
libc.so.6 exit:entry 0
libc.so.6 exit:entry 0

