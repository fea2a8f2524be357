dtrace: pidPID:pidprog:_start:return is not available: no return instruction
dtrace: pidPID:pidprog:_start:return is not available: no return instruction
dtrace: invalid probe specifier pid$target:a.out:_start:return: failed to create return probe for '_start': no return instruction
dtrace: 1 function has no return probe: pidprog`_start (no return instruction)


