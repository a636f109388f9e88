"""The trusted kernel: it checks certificates with the rules written again from their
definitions, and imports nothing from the engines, encoders or provers it checks.

``coinproofs.verify(path)`` (this package, made callable by ``coinproofs``) checks a
certificate file, or every certificate in a folder, and returns a verdict
(``coinproofs.certificates.verify``): ``Verdict`` for a file, ``Verdicts`` for a folder. Never
raises on a bad certificate; the verdict says why it is not accepted.
"""
