/* Exercises: shift operators vs additive and relational precedence, shifted flags in masks. */
inline int F_READ = 1 << 0;
inline int F_WRITE = 1 << 1;
inline int F_EXEC = 1 << 2;

syscall::openat:entry
{
	this->mode = arg2 & (F_READ | F_WRITE | F_EXEC);
	this->hi = arg2 >> 8 + 1;
	this->lo = (arg2 >> 8) + 1;
	@[this->mode, this->hi, this->lo] = count();
}
