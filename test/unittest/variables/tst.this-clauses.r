abcd
efgh

