"""Commands of the ``nimcore`` tool, one module each (see ``nim.cli``)."""
