__all__ = (  # noqa: F405
    # atomic_var.py
    "AtomicVar",
    # strif.py
    "iso_timestamp",
    "format_iso_timestamp",
    "new_uid",
    "new_timestamped_uid",
    "clean_alphanum",
    "clean_alphanum_hash",
    "file_mtime_hash",
    "base36_encode",
    "Hash",
    "hash_string",
    "hash_file",
    "abbrev_str",
    "abbrev_list",
    "single_line",
    "is_quotable",
    "quote_if_needed",
    "is_truthy",
    "move_to_backup",
    "copy_to_backup",
    "move_file",
    "make_parent_dirs",
    "atomic_output_file",
    "temp_output_file",
    "temp_output_dir",
    "copyfile_atomic",
    "copytree_atomic",
    "rmtree_or_file",
    "chmod_native",
    "lenb",
    # string_replace.py
    "Insertion",
    "Replacement",
    "insert_multiple",
    "replace_multiple",
    # string_template.py
    "StringTemplate",
)

from .atomic_var import *  # noqa: F403
from .strif import *  # noqa: F403
from .string_replace import *  # noqa: F403
from .string_template import *  # noqa: F403
