"""The old path of nim.octal_codes (deprecated: it goes in the next release; import nim.octal_codes)."""

from nim.octal_codes import *
