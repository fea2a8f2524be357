app: query-start disabled
app: query-start disabled
app: query-start disabled
app: tick enabled
tick fired

