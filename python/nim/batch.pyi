"""The old path of nim.solving.batch (deprecated: it goes in the next release; import nim.solving.batch)."""

from nim.solving.batch import *
