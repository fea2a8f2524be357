/* Exercises: aggregation keyed by integer expressions (cpu, uid, masked args). */
syscall::ioctl:entry
{
	@bycpu[cpu] = count();
	@cmd[(uint32_t)arg1 & 0xff00] = count();
	@uidfd[uid, (int)arg0] = count();
}
