BEGIN on 0
END on 0
syscalls on 0

