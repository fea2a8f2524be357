void arr 1
through a pointer a 17

