fn_add3:return 0 6
fn_eight:return 0 36
fn_neg:return 0 -42
fn_neg:return 0 -7

