a stack in ^__mutex_lock: yes
counted: yes
every value above 0 and below 10 s: yes
