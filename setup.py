"""Builds the Cython extensions: every engine/*.pyx and mcts/*.pyx (metadata lives in pyproject.toml)."""
import glob
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

sources = sorted(glob.glob("engine/*.pyx") + glob.glob("mcts/*.pyx"))
extensions = [
    Extension(os.path.splitext(src)[0].replace(os.sep, "."), [src], extra_compile_args=["-O3"])
    for src in sources
]
setup(ext_modules=cythonize(
    extensions, language_level=3, include_path=["."],
    compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True,
                         "initializedcheck": False},
))
