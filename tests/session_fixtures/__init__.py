"""The parts of the fixture maker (``tests/make_fixtures.py``): the real material, the story and its telling, and
one renderer per host format."""
