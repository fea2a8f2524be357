seven

