#!/usr/bin/env -S dtrace -qs
/*
 * errinfo.d: system calls that fail, one line per failure as it returns,
 * with the errno and what it means; on Ctrl-C, the failures counted by
 * program, system call and errno.
 *
 * Usage: ./errinfo.d            every process
 *        ./errinfo.d -p PID     only PID
 *        ./errinfo.d -c CMD     run CMD and show its failures
 *
 * Columns: TIME(s) since the tool started; PID and COMM; SYSCALL; ERR,
 * the errno; NAME and DESC, its symbol and meaning (errno(3)). Failures
 * are normal in moderation (ENOENT while searching paths, EAGAIN from
 * non-blocking I/O, ECHILD from wait loops); a program failing the same
 * call thousands of times a second, or EACCES and EPERM where none were
 * expected, is worth a look. dtrace's own calls are left out.
 *
 * Probes: syscall:::return with errno set.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	e[1] = "EPERM"; d[1] = "Operation not permitted";
	e[2] = "ENOENT"; d[2] = "No such file or directory";
	e[3] = "ESRCH"; d[3] = "No such process";
	e[4] = "EINTR"; d[4] = "Interrupted system call";
	e[5] = "EIO"; d[5] = "Input/output error";
	e[6] = "ENXIO"; d[6] = "No such device or address";
	e[7] = "E2BIG"; d[7] = "Argument list too long";
	e[8] = "ENOEXEC"; d[8] = "Exec format error";
	e[9] = "EBADF"; d[9] = "Bad file descriptor";
	e[10] = "ECHILD"; d[10] = "No child processes";
	e[11] = "EAGAIN"; d[11] = "Resource temporarily unavailable";
	e[12] = "ENOMEM"; d[12] = "Cannot allocate memory";
	e[13] = "EACCES"; d[13] = "Permission denied";
	e[14] = "EFAULT"; d[14] = "Bad address";
	e[16] = "EBUSY"; d[16] = "Device or resource busy";
	e[17] = "EEXIST"; d[17] = "File exists";
	e[18] = "EXDEV"; d[18] = "Invalid cross-device link";
	e[19] = "ENODEV"; d[19] = "No such device";
	e[20] = "ENOTDIR"; d[20] = "Not a directory";
	e[21] = "EISDIR"; d[21] = "Is a directory";
	e[22] = "EINVAL"; d[22] = "Invalid argument";
	e[23] = "ENFILE"; d[23] = "Too many open files in system";
	e[24] = "EMFILE"; d[24] = "Too many open files";
	e[25] = "ENOTTY"; d[25] = "Inappropriate ioctl for device";
	e[26] = "ETXTBSY"; d[26] = "Text file busy";
	e[27] = "EFBIG"; d[27] = "File too large";
	e[28] = "ENOSPC"; d[28] = "No space left on device";
	e[29] = "ESPIPE"; d[29] = "Illegal seek";
	e[30] = "EROFS"; d[30] = "Read-only file system";
	e[31] = "EMLINK"; d[31] = "Too many links";
	e[32] = "EPIPE"; d[32] = "Broken pipe";
	e[34] = "ERANGE"; d[34] = "Numerical result out of range";
	e[35] = "EDEADLK"; d[35] = "Resource deadlock avoided";
	e[36] = "ENAMETOOLONG"; d[36] = "File name too long";
	e[38] = "ENOSYS"; d[38] = "Function not implemented";
	e[39] = "ENOTEMPTY"; d[39] = "Directory not empty";
	e[40] = "ELOOP"; d[40] = "Too many levels of symbolic links";
	e[61] = "ENODATA"; d[61] = "No data available";
	e[62] = "ETIME"; d[62] = "Timer expired";
	e[75] = "EOVERFLOW"; d[75] = "Value too large for defined data type";
	e[88] = "ENOTSOCK"; d[88] = "Socket operation on non-socket";
	e[95] = "EOPNOTSUPP"; d[95] = "Operation not supported";
	e[97] = "EAFNOSUPPORT"; d[97] = "Address family not supported";
	e[98] = "EADDRINUSE"; d[98] = "Address already in use";
	e[99] = "EADDRNOTAVAIL"; d[99] = "Cannot assign requested address";
	e[101] = "ENETUNREACH"; d[101] = "Network is unreachable";
	e[104] = "ECONNRESET"; d[104] = "Connection reset by peer";
	e[105] = "ENOBUFS"; d[105] = "No buffer space available";
	e[106] = "EISCONN"; d[106] = "Transport endpoint is already connected";
	e[107] = "ENOTCONN"; d[107] = "Transport endpoint is not connected";
	e[110] = "ETIMEDOUT"; d[110] = "Connection timed out";
	e[111] = "ECONNREFUSED"; d[111] = "Connection refused";
	e[113] = "EHOSTUNREACH"; d[113] = "No route to host";
	e[114] = "EALREADY"; d[114] = "Operation already in progress";
	e[115] = "EINPROGRESS"; d[115] = "Operation now in progress";
	e[125] = "ECANCELED"; d[125] = "Operation canceled";
	start = timestamp;
	printf("%-10s %7s %-16s %-16s %4s %-13s %s\n", "TIME(s)", "PID", "COMM",
	    "SYSCALL", "ERR", "NAME", "DESC");
}

syscall:::return
/errno != 0 && pid != $pid && ($target == 0 || pid == $target)/
{
	this->t = timestamp - start;
	this->name = e[errno] != NULL ? e[errno] : "?";
	this->desc = d[errno] != NULL ? d[errno] : "";
	printf("%6d.%03d %7d %-16s %-16s %4d %-13s %s\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, execname, probefunc, errno,
	    this->name, this->desc);
	@fails[execname, probefunc, this->name] = count();
}

END
{
	printf("\n%-16s %-16s %-13s %8s\n", "COMM", "SYSCALL", "NAME", "COUNT");
	printa("%-16s %-16s %-13s %@8d\n", @fails);
}
