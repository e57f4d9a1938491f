"""The test suite, in folders that mirror the package's layers (ARCHITECTURE.md); ``support`` and ``oracles`` are what the tests share."""
