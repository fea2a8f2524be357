dtra 4
dtra

