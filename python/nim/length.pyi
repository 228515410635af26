"""The old path of nim.solving.length (deprecated: it goes in the next release; import nim.solving.length)."""

from nim.solving.length import *
