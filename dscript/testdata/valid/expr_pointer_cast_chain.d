/* Exercises: casts between pointer types, integer<->pointer casts and uintptr_t arithmetic. */
struct node { struct node *next; uint64_t key; };

syscall::ioctl:entry
{
	this->n = (struct node *)arg2;
	this->addr = (uintptr_t)this->n;
	this->next = (struct node *)(this->addr + offsetof(struct node, key));
	this->bytes = (uint8_t *)this->n;
	@[(uintptr_t)(this->bytes + 8) == (uintptr_t)this->next] = count();
}
