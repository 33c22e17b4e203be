"""Where everything is kept: the :class:`~.protocol.Store` protocol every backend implements, the embedded
:class:`~.files.FileStore` (atomic writes, content-derived handles, paths that stay under the root), tool
states under locks (``states``, ``saves``), line indexes and id rules. Knows nothing of messages or tools."""
