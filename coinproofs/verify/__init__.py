"""The trusted kernel: certificates checked with the rules written again from their
definitions, importing nothing of the engines, encoders or provers (docs/design.md, "The trust
boundary"). ``coinproofs.verify(path)`` gives a ``Verdict`` for a file, ``Verdicts`` for a
folder, and never raises on a bad certificate: the verdict says why it is not accepted.
"""
