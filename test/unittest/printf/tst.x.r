ff FF bee

