"""The old path of nim.solving.tables (deprecated: it goes in the next release; import nim.solving.tables)."""

from nim.solving.tables import *
