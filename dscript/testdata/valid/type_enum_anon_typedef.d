/* Exercises: anonymous enum, typedef'd enum, enumerators in predicate, array index and switch-like ternaries. */
enum { LOW = 1, MID = 10, HIGH = 100 };
typedef enum level { L_DEBUG, L_INFO, L_WARN, L_ERR } level_t;

level_t lvl;

syscall::write:entry
{
	lvl = arg2 > HIGH ? L_ERR : arg2 > MID ? L_WARN : arg2 > LOW ? L_INFO : L_DEBUG;
	@by[lvl] = count();
}

syscall::write:entry
/lvl == L_ERR/
{
	@big[execname] = count();
}
