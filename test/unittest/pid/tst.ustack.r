
              pidprog`asm_frame+0x4
              pidprog`main+0x162

              pidprog`fn_neg+0x4
              pidprog`asm_frame+0x9

