#!/usr/bin/env python3
# -*- coding: utf-8 -*-

from .temperature import *

__version__ = '1.0.0'
__author__ = 'Philip Andersen <philip.andersen@codeofmagi.net>'
__license__ = 'MIT'
__all__ = [
    "Celsius",
    "Delisle",
    "Fahrenheit",
    "Kelvin",
    "Rankine",
    "Reaumur",
    "Newton",
    "Romer"
]
