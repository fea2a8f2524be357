asm_sum:0 40 2
asm_sum:3 40 2
asm_sum:6 40 2

