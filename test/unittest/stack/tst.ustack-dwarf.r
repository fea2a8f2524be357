
              deep`leaf
              deep`h2
              deep`h1
              deep`handler
              deep`c2
              deep`c1
              libdeep.so`lib_l4
              libdeep.so`lib_l3
              libdeep.so`lib_l2
              libdeep.so`lib_l1
              deep`e4
              deep`e3
              deep`e2
              deep`e1
              deep`main
              deep`_start

