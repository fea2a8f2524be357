PROVIDER MODULE FUNCTION NAME
myapp app main conn-open
myapp app main query-start
myapp app main query-done
myapp app main tick
