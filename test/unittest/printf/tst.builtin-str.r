dtrace BEGIN

