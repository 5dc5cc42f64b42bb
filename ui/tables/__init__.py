"""Play together: a table of two to six people, each on their own device, on the store of tables."""
