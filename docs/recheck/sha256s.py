"""List the SHA-256 of every artifact file the certificates in a folder name, in the format
`sha256sum -c` reads: plain Python, no coinproofs.

    python3 sha256s.py certificates > sums && (cd certificates && sha256sum -c ../sums)
"""

import json
import pathlib
import sys

# Where a certificate's evidence names a file, and the field holding that file's SHA-256.
FILE_FIELDS = {"file": "sha256", "cnf": "cnf_sha256", "proof": "proof_sha256"}


def main():
    folder = pathlib.Path(sys.argv[1])
    for certificate in sorted(folder.glob("*.json")):
        for item in json.loads(certificate.read_text())["evidence"]:
            for name, digest in FILE_FIELDS.items():
                if name in item:
                    print(f"{item[digest]}  {item[name]}")


if __name__ == "__main__":
    main()
