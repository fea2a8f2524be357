#!/bin/sh
# Reads @[ustack()] = count() of python3 and says whether at least 95 %
# of the samples (and at least 100) have whole native stacks: the
# interpreter's frames down to Py_BytesMain and the program's _start.
awk 'BEGIN { RS = "" }
{
	n = $NF
	total += n
	if ($0 ~ /_PyEval_EvalFrameDefault/ && $0 ~ /Py_BytesMain/ && $0 ~ /`_start\+/)
		whole += n
}
END {
	if (total >= 100 && whole >= 0.95 * total)
		print "whole native stacks in at least 95% of the samples"
	else
		printf "whole native stacks in %d of %d samples\n", whole, total
}'
