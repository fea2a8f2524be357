begin

