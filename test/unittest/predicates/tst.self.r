on

