"""The old path of nim.interop.openspiel (deprecated: it goes in the next release; import nim.interop.openspiel)."""

from nim.interop.openspiel import *
