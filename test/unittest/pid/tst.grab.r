PROVIDER MODULE FUNCTION NAME
pidPID pidprog fn_add3 entry
pidPID pidprog fn_add3 return
fn_add3:entry 1 2 3
fn_add3:return 6


