no fault

