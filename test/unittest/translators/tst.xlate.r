pointer 1
value 1
inline 1 1
comm dtrace
nested 1
integer 7 49
variable 144

