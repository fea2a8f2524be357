first: brk

