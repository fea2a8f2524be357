app: query-start enabled
app: query-start enabled
app: query-start enabled
query-start -5
query-done 0
query-start 5
query-done -1000000000000
query-start 15
query-done -2000000000000

