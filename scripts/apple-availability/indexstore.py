"""The references the compiler recorded, read from an index store through the toolchain's
libIndexStore (its C API, indexstore.h, called with ctypes).

`swift build` writes the store in debug builds (`-index-store-path <bin>/index/store`): per
compiled file, a unit naming the file and its record, and in the record every occurrence of
every declaration the file names, with the declaration's USR, the occurrence's roles and its
line and column. A reference is tied to the exact declaration it resolved to: `count` on an
`Array` and `count` on a type of Courier's are different USRs.
"""

import ctypes
import os

_ROLE_REFERENCE = 1 << 2
_ROLE_IMPLICIT = 1 << 8
_ROLES_DECLARING = (1 << 0) | (1 << 1)  # declaration, definition
_DEPENDENCY_RECORD = 2


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode() if self.length else ""


_pointer = ctypes.c_void_p
_UNIT_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, _pointer, _StringRef)
_POINTER_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, _pointer, _pointer)


class Reference:
    """One reference of a source file to a declaration: `usr` named at `line`:`column` (1-based,
    columns in bytes)."""

    __slots__ = ("file", "line", "column", "usr", "name", "implicit")

    def __init__(self, file, line, column, usr, name, implicit):
        self.file, self.line, self.column, self.usr, self.name = file, line, column, usr, name
        self.implicit = implicit


class IndexStore:
    def __init__(self, library_path, store_path):
        self.lib = ctypes.CDLL(str(library_path))
        self._declare()
        error = _pointer()
        self.store = self.lib.indexstore_store_create(str(store_path).encode(), ctypes.byref(error))
        if not self.store:
            raise RuntimeError(f"cannot open the index store {store_path}: {self._describe(error)}")
        self.units_folder = os.path.join(str(store_path), "v5", "units")

    def _declare(self):
        lib = self.lib
        signatures = {
            "indexstore_store_create": (_pointer, [ctypes.c_char_p, ctypes.POINTER(_pointer)]),
            "indexstore_error_get_description": (ctypes.c_char_p, [_pointer]),
            "indexstore_store_units_apply_f": (ctypes.c_bool, [_pointer, ctypes.c_uint, _pointer, _UNIT_APPLIER]),
            "indexstore_unit_reader_create": (_pointer, [_pointer, ctypes.c_char_p, ctypes.POINTER(_pointer)]),
            "indexstore_unit_reader_dispose": (None, [_pointer]),
            "indexstore_unit_reader_is_system_unit": (ctypes.c_bool, [_pointer]),
            "indexstore_unit_reader_get_main_file": (_StringRef, [_pointer]),
            "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [_pointer, _pointer, _POINTER_APPLIER]),
            "indexstore_unit_dependency_get_kind": (ctypes.c_int, [_pointer]),
            "indexstore_unit_dependency_get_name": (_StringRef, [_pointer]),
            "indexstore_unit_dependency_get_filepath": (_StringRef, [_pointer]),
            "indexstore_record_reader_create": (_pointer, [_pointer, ctypes.c_char_p, ctypes.POINTER(_pointer)]),
            "indexstore_record_reader_dispose": (None, [_pointer]),
            "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [_pointer, _pointer, _POINTER_APPLIER]),
            "indexstore_occurrence_get_symbol": (_pointer, [_pointer]),
            "indexstore_occurrence_get_roles": (ctypes.c_uint64, [_pointer]),
            "indexstore_occurrence_get_line_col": (
                None, [_pointer, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
            "indexstore_symbol_get_usr": (_StringRef, [_pointer]),
            "indexstore_symbol_get_name": (_StringRef, [_pointer]),
        }
        for name, (result, arguments) in signatures.items():
            function = getattr(lib, name)
            function.restype, function.argtypes = result, arguments

    def _describe(self, error):
        return self.lib.indexstore_error_get_description(error).decode() if error else "unknown error"

    def _unit_names(self):
        names = []
        applier = _UNIT_APPLIER(lambda _, name: names.append(name.text()) or True)
        self.lib.indexstore_store_units_apply_f(self.store, 0, None, applier)
        return names

    def units(self):
        """(main source file, record name, the unit's modification time) for every unit of a
        source file that is not the toolchain's."""
        lib = self.lib
        for unit in self._unit_names():
            error = _pointer()
            reader = lib.indexstore_unit_reader_create(self.store, unit.encode(), ctypes.byref(error))
            if not reader:
                raise RuntimeError(f"cannot read the index unit {unit}: {self._describe(error)}")
            try:
                if lib.indexstore_unit_reader_is_system_unit(reader):
                    continue
                main = lib.indexstore_unit_reader_get_main_file(reader).text()
                records = []

                def dependency(_, item):
                    if lib.indexstore_unit_dependency_get_kind(item) == _DEPENDENCY_RECORD:
                        path = lib.indexstore_unit_dependency_get_filepath(item).text()
                        if path == main:
                            records.append(lib.indexstore_unit_dependency_get_name(item).text())
                    return True

                lib.indexstore_unit_reader_dependencies_apply_f(reader, None, _POINTER_APPLIER(dependency))
            finally:
                lib.indexstore_unit_reader_dispose(reader)
            if main and records:
                written = os.stat(os.path.join(self.units_folder, unit)).st_mtime
                yield main, records[0], written

    def references(self, file, record, definitions):
        """Every reference `record` holds, as References of `file`; the USRs it defines (or
        declares) are added to `definitions`."""
        lib = self.lib
        error = _pointer()
        reader = lib.indexstore_record_reader_create(self.store, record.encode(), ctypes.byref(error))
        if not reader:
            raise RuntimeError(f"cannot read the index record {record}: {self._describe(error)}")
        found = []
        line, column = ctypes.c_uint(), ctypes.c_uint()

        def occurrence(_, item):
            roles = lib.indexstore_occurrence_get_roles(item)
            symbol = lib.indexstore_occurrence_get_symbol(item)
            if roles & _ROLE_REFERENCE:
                lib.indexstore_occurrence_get_line_col(item, ctypes.byref(line), ctypes.byref(column))
                found.append(Reference(file, line.value, column.value, lib.indexstore_symbol_get_usr(symbol).text(),
                                       lib.indexstore_symbol_get_name(symbol).text(), bool(roles & _ROLE_IMPLICIT)))
            elif roles & _ROLES_DECLARING:
                definitions.add(lib.indexstore_symbol_get_usr(symbol).text())
            return True

        try:
            lib.indexstore_record_reader_occurrences_apply_f(reader, None, _POINTER_APPLIER(occurrence))
        finally:
            lib.indexstore_record_reader_dispose(reader)
        return found
