/* @@pre: sh unittest/stable/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-stable/stablework-io */

/*
 * The io provider: a process reads 8192 bytes at 1 MiB of a loop device
 * (major number 7) with O_DIRECT, then writes 4096 bytes at 2 MiB.
 */
io:::start,
io:::done
/args[1]->dev_major == 7 && (args[0]->b_blkno == 2048 || args[0]->b_blkno == 4096)/
{
	printf("%s %s %d bytes at block %d, %s, loop device %d, path %d\n", probename,
	    args[0]->b_flags & B_READ ? "read" : args[0]->b_flags & B_WRITE ? "write" : "?",
	    args[0]->b_bcount, args[0]->b_blkno,
	    substr(args[1]->dev_statname, 0, 4),
	    args[1]->dev_minor == args[1]->dev_instance,
	    args[1]->dev_pathname == strjoin("/dev/", args[1]->dev_statname));
}

io:::start
/args[1]->dev_major == 7 && args[0]->b_blkno == 2048/
{
	printf("file %s, edev %d\n", args[2]->fi_name,
	    args[0]->b_edev == (7 << 20 | args[1]->dev_minor));
}
