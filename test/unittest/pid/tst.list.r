MODULE FUNCTION NAME
pidprog asm_sum return
pidprog asm_sum entry
pidprog asm_sum 0
pidprog asm_sum 3
pidprog asm_sum 6
pidprog glob_one entry
pidprog glob_two entry
