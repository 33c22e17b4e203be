"""``mcp-context ui``: a read-only page of the store's sessions in a browser, a face like the server and the
command line (it reads through a Session; nothing below imports it).

app.py serves it (the gate, the routes), story.py gathers what a page shows, pages.py and detail.py render
the pages, chart.py draws the timeline as SVG, html.py holds what every page shares.
"""
