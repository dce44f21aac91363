from setuptools import setup, find_packages
setup(
    name='pymatrixcalc',
    version='0.1',
    description='get all of the functions for calculating a matrix',
    py_modules=["MatrixCalc"],
    package_dir={'': 'src'},
    author = "Eitan Hanson",
    url='https://github.com/blahberi/pymatrixcalc'
)