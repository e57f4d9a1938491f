"""The replay page: a recorded search as one self-contained HTML file (``export html``, the API's
``Session.export_html`` and ``Session.replay``) and the notebook's pictures of a session.

One job a module: ``data`` (the record in the page's compact form: the record's own arrays,
deflated), ``page`` (the template, styles and script, package data, put together into one file)
and ``notebook`` (the board and the timeline as HTML for ``_repr_html_``, the replay in an
isolated frame). The page decodes the record and draws every step itself (``replay.js``)."""
