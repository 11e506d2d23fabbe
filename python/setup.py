"""setup.py — `pip install --no-build-isolation ./python` after `make python`.

Offline, with Debian's setuptools and pip: it installs the package c2rt with
the library `make python` built (build/libc2rt.so, or $C2RT_LIBRARY) copied
inside it, where c2rt/_lib.py looks first. Nothing is compiled here: the
Makefile builds the library, with the warning flags and checks of the rest."""
import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


class build_py_with_lib(build_py):
    def run(self):
        super().run()
        lib = os.environ.get("C2RT_LIBRARY", os.path.join(HERE, "..", "build", "libc2rt.so"))
        if not os.path.exists(lib):
            raise SystemExit("c2rt: %s not found: run `make python` first" % lib)
        shutil.copy(lib, os.path.join(self.build_lib, "c2rt", "libc2rt.so"))


setup(name="c2rt", version="0", packages=["c2rt"], package_data={"c2rt": ["c2py.h"]},
      cmdclass={"build_py": build_py_with_lib}, zip_safe=False)
