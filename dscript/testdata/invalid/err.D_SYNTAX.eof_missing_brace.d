/* the closing brace is missing */
BEGIN
{
	trace(1); /* ERROR D_SYNTAX "^syntax error near end of input$" */