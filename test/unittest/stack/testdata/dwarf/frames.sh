#!/bin/sh
# Filters a ustack() of deep: its own and libdeep.so's frames, without
# their offsets (which vary with the compiler), and the blank lines.
sed -n 's/+0x[0-9a-f][0-9a-f]*$//; /deep`\|libdeep\.so`\|^$/p'
