/* @@trigger: exec sh -c 'while :; do /bin/true; done' */
#pragma D option quiet

/*
 * page_faults-user-N counts the faults taken in user mode only, firing in
 * the faulting context (arg1 the user PC), page_faults-kernel-N those
 * taken in the kernel (arg0 the kernel PC): the processes the trigger
 * starts take both.
 */
int user, kernel, baduser, badkernel;

cpc:::page_faults-user-1
{
	user++;
}

cpc:::page_faults-user-1
/arg0 != 0 || arg1 == 0/
{
	baduser++;
}

cpc:::page_faults-kernel-1
{
	kernel++;
}

cpc:::page_faults-kernel-1
/arg0 == 0 || arg1 != 0/
{
	badkernel++;
}

tick-10ms
/user > 0 && kernel > 0/
{
	printf("user-mode faults elsewhere: %d\n", baduser);
	printf("kernel faults elsewhere: %d\n", badkernel);
	exit(0);
}
