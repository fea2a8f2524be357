/* Exercises: expressions as aggregation arguments and keys, including ternary and casts. */
syscall::read:return
{
	@r[(int)arg0 < 0 ? "err" : "ok"] = sum((int)arg0 < 0 ? 0 : arg0);
	@s[(uint16_t)(arg0 >> 4)] = max((int64_t)arg0 * 2 - 1);
}
