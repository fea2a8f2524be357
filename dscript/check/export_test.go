package check

// Work returns what the Checker's passes have done so far (Checker.work).
func (c *Checker) Work() int { return c.work }
