"""The old path of nim.solving.defaults (deprecated: it goes in the next release; import nim.solving.defaults)."""

from nim.solving.defaults import *
