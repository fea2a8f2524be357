
              pidprog`asm_frame+0x4
              pidprog`main+0x162

              pidprog`asm_frame+0x9
              pidprog`main+0x162

