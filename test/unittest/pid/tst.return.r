fn_add3:return 7 6
fn_eight:return 29 36
fn_neg:return 4 -42
fn_neg:return 4 -7

