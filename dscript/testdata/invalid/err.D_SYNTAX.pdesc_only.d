/* a probe description must be followed by a predicate or actions */
BEGIN /* ERROR D_SYNTAX "^expected predicate and/or actions following probe description$" */