"""``python -m nim`` runs the ``nimcore`` command-line tool."""

from nim.cli import console_main

if __name__ == "__main__":
    console_main()
