"""LetHimCook - A Python library for unit conversions, especially for cooking."""

from lethimcook.converter import convert
from lethimcook.natural import convert_natural
from lethimcook.recipe import Ingredient, Recipe, scale_recipe

__all__ = ["convert", "convert_natural", "scale_recipe", "Recipe", "Ingredient"]
