sys_enter

