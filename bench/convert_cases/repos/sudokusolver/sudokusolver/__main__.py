"""
Entry point to the sudoku solver program
"""

from sudokusolver import runner

runner.run()
