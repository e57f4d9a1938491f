"""The seed's 0-1 program solved by HiGHS (the extra `ilp`)."""
