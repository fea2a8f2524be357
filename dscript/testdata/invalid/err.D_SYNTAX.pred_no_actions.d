/* a predicate must be followed by an action list */
BEGIN
/1/ /* ERROR D_SYNTAX "^expected actions \{ \} following probe description and predicate$" */