app: query-start disabled
app: query-start disabled
app: query-start disabled
conn-open fd 7 port 5432

