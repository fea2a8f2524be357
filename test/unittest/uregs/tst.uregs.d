/* @@runtest-opts: -c /bin/sh */
#pragma D option quiet

/*
 * uregs[] reads the registers the thread's entry into the kernel saved:
 * at a system call's entry, R_ERR (orig_ax) is its number (110, getppid),
 * %rax the kernel's -ENOSYS, %cs and %ss the user segments; R_DS, R_FS
 * (the fs base) come from the thread's struct thread_struct. The i386
 * names of regs.d read the x86-64 registers they name.
 */
syscall::getppid:entry
/pid == $target/
{
	printf("%d %d %x %x %d\n", uregs[R_ERR], (long)uregs[R_RAX],
	    uregs[R_CS], uregs[R_SS], uregs[R_DS]);
	printf("%d %d\n", uregs[R_FS] == curthread->thread.fsbase,
	    uregs[R_FS] != 0);
	printf("%d %d %d %d %d\n", uregs[R_EAX] == uregs[R_RAX],
	    uregs[R_PC] == uregs[R_RIP], uregs[R_SP] == uregs[R_RSP],
	    uregs[R_PS] == uregs[R_RFL], uregs[R_EDI] == uregs[R_RDI]);
	printf("%d %d %d %d %d %d\n", R_RAX, R_ERR, R_TRAPNO, R_EAX, R_PC,
	    R_SP);
	exit(0);
}
