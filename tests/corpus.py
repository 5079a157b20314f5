"""Where the tests find their copies of real files written by other programs.

tests/data/SOURCES.md says where each file comes from and under which licence; files of
sources that state no licence are left out, and corpus/ours holds small files written for this
project in their place. bench/check_corpus.py runs the same checks over a whole corpus elsewhere.
"""

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
SOURCES = DATA / "SOURCES.md"
CORPUS = DATA / "corpus"
BEN = CORPUS / "lorserker__ben"
ENDPLAY = CORPUS / "dominicprice__endplay"
PBNTOOLS = CORPUS / "jarekczek__pbntools" / "test"
REFERENCE = CORPUS / "timheilman__bridge-pbn" / "spec" / "resource" / "reference_impl_tests"
OURS = CORPUS / "ours"
