int x;
/* declarations but no clauses */ /* ERROR D_EMPTY "^empty D program translation unit$" */