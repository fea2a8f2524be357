/* Exercises: pointer declarations (pointer to pointer, pointer to struct, void *, const char *). */
struct node {
	struct node *next;
	int val;
};

void *vp;
const char *cp;
int **pp;
struct node *head;

syscall::write:entry
{
	vp = (void *)arg1;
	cp = (const char *)arg1;
	head = (struct node *)arg1;
	pp = (int **)arg1;
	@ = count();
}
