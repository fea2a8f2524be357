start read 8192 bytes at block 2048, loop, loop device 1, path 1
file <none>, edev 1
done read 8192 bytes at block 2048, loop, loop device 1, path 1
start write 4096 bytes at block 4096, loop, loop device 1, path 1
done write 4096 bytes at block 4096, loop, loop device 1, path 1

