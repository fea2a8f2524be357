/*
 * The indices of uregs[] on x86-64, as DTrace numbers them: the registers
 * of struct pt_regs in its order (0-20), then the segment registers and
 * trap number the kernel keeps in the thread's struct thread_struct
 * (21-25), then the i386 names, counted from R_GS + 1, which uregs[]
 * reads as the x86-64 register each names.
 */

inline int R_R15 = 0;
inline int R_R14 = 1;
inline int R_R13 = 2;
inline int R_R12 = 3;
inline int R_RBP = 4;
inline int R_RBX = 5;
inline int R_R11 = 6;
inline int R_R10 = 7;
inline int R_R9 = 8;
inline int R_R8 = 9;
inline int R_RAX = 10;
inline int R_RCX = 11;
inline int R_RDX = 12;
inline int R_RSI = 13;
inline int R_RDI = 14;
inline int R_ERR = 15;		/* orig_ax: the system call number */
inline int R_RIP = 16;
inline int R_CS = 17;
inline int R_RFL = 18;
inline int R_RSP = 19;
inline int R_SS = 20;

inline int R_DS = 21;
inline int R_ES = 22;
inline int R_FS = 23;		/* the fs base */
inline int R_GS = 24;		/* the gs base */
inline int R_TRAPNO = 25;

inline int R_EBX = R_GS + 1 + 0;
inline int R_ECX = R_GS + 1 + 1;
inline int R_EDX = R_GS + 1 + 2;
inline int R_ESI = R_GS + 1 + 3;
inline int R_EDI = R_GS + 1 + 4;
inline int R_EBP = R_GS + 1 + 5;
inline int R_EAX = R_GS + 1 + 6;
inline int R_EIP = R_GS + 1 + 12;
inline int R_EFL = R_GS + 1 + 14;
inline int R_ESP = R_GS + 1 + 15;

inline int R_PC = R_EIP;
inline int R_FP = R_EBP;
inline int R_SP = R_ESP;
inline int R_PS = R_EFL;
inline int R_R0 = R_EAX;
inline int R_R1 = R_EBX;
