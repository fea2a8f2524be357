user-mode faults elsewhere: 0
kernel faults elsewhere: 0

