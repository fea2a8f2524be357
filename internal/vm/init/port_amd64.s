#include "textflag.h"

// func outb(port uint16, val uint8)
TEXT ·outb(SB), NOSPLIT, $0-3
	MOVW port+0(FP), DX
	MOVB val+2(FP), AL
	OUTB
	RET
