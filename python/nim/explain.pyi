"""The old path of nim.solving.explain (deprecated: it goes in the next release; import nim.solving.explain)."""

from nim.solving.explain import *
