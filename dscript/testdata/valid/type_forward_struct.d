/* Exercises: forward-declared struct tag used in a pointer member before its definition. */
struct list;

struct elem {
	struct list *owner;
	int v;
};

struct list {
	struct elem *first;
	int len;
};

syscall::ioctl:entry
{
	this->e = (struct elem *)arg2;
	@ = count();
}
