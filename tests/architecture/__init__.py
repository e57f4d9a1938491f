"""The package's and the suite's shape: what importing loads, and that every test module is collected."""
