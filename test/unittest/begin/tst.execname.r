dtrace

