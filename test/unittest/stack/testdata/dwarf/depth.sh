#!/bin/sh
# Compares the ustackdepth printed ("depth N") before a ustack() of deep
# with the frames that ustack() shows (the non-blank lines after it).
awk '/^depth / { d = $2; n = 0; next }
NF { n++ }
END {
	if (d == n && n >= 16)
		print "ustackdepth is the number of frames ustack() shows"
	else
		print "ustackdepth " d ", ustack() shows " n " frames"
}'
