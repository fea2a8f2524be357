/* Exercises: deeply nested parentheses and a long expression spanning many lines. */
syscall::write:entry
{
	this->v = ((((arg2 + 1) * 2) - ((arg0 << 1) | 1)) /
	    ((((arg2 & 0xff) + 1))))
	    + (((arg1 % 7) ^ (arg1 % 3)) & ~(0x10))
	    - (((((((1)))))));
	@ = sum(this->v);
}
