"""Tests for the `tridentine_calendar` module."""
