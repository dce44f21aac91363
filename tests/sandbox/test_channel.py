"""Host-side parsing of the supervisor's channel: every record is hostile bytes (issue 11, class 3)."""

from __future__ import annotations

import io
import json

import pytest

from mcpforge.sandbox._outputs import PREFIX, ChannelReport, checked_name, display_name, read_channel


def record(header: object, body: bytes = b"", *, raw_header: bytes | None = None) -> bytes:
    head = raw_header if raw_header is not None else json.dumps(header).encode()
    return PREFIX.pack(len(head), len(body)) + head + body


def file_record(name: bytes, body: bytes) -> bytes:
    return record({"kind": "file", "name": name.hex()}, body)


STATUS = record({"kind": "status", "exit_code": 7, "signal": None, "setup_error": None})


def parse(stream: bytes, max_bytes: int = 1_000_000) -> ChannelReport:
    report = ChannelReport()
    read_channel(io.BytesIO(stream), max_bytes, report)
    return report


@pytest.mark.parametrize(
    "hostile",
    [
        pytest.param(record(None, b"x" * 10, raw_header=b"{" * 70_000), id="header-over-64k"),
        pytest.param(record(None, b"body", raw_header=b'{"kind": "file", "name": "zz"'), id="malformed-json"),
        pytest.param(record(None, b"", raw_header=b"\xff\xfe\x00"), id="binary-header"),
        pytest.param(record(["file"], b"abc"), id="header-not-an-object"),
        pytest.param(record({"kind": "file", "name": 17}, b"abc"), id="name-not-a-string"),
        pytest.param(record({"kind": "file", "name": "not hex"}, b"abc"), id="name-not-hex"),
        pytest.param(record({"kind": "status", "exit_code": "0"}), id="status-with-a-string-code"),
        pytest.param(
            record({"kind": "status", "exit_code": 0, "signal": 999}), id="status-with-a-bad-signal"
        ),
        pytest.param(record({"kind": "teleport"}, b"x" * 100), id="unknown-kind"),
        pytest.param(file_record(b"a" * 9000, b"long name, over 8 KiB of header"), id="header-over-8k"),
    ],
)
def test_a_malformed_or_oversized_record_is_skipped_and_the_status_survives(hostile: bytes) -> None:
    report = parse(file_record(b"before.txt", b"1") + hostile + file_record(b"after.txt", b"2") + STATUS)
    assert report.status == {"exit_code": 7, "signal": None, "setup_error": None}
    assert report.outputs["before.txt"] == b"1" and report.outputs["after.txt"] == b"2"
    assert report.protocol_error is None


@pytest.mark.parametrize(
    "name",
    [
        b"latin1-\xe9.csv",
        b"\xff\xfe",
        b"esc-\x1b[31m.txt",
        b"bell\x07",
        b"nl\nname",
        b"cr\rname",
        b"del\x7f",
        b"c1-\xc2\x9b2J",
        "bidi-\u202egnp.exe".encode(),
        "sep\u2028line".encode(),
        b"/etc/passwd",
        b"../up.txt",
        b"a/../../b",
        b"",
    ],
)
def test_an_output_name_that_is_not_strict_utf8_or_has_controls_is_dropped_with_a_note(name: bytes) -> None:
    report = parse(file_record(name, b"data") + file_record(b"ok.txt", b"fine") + STATUS)
    assert report.outputs == {"ok.txt": b"fine"}
    assert len(report.skipped) == 1
    note = next(iter(report.skipped))
    assert note.isprintable() and note.encode("utf-8")  # the note itself is safe to print and to encode


def test_a_name_of_valid_utf8_is_kept_as_written() -> None:
    for name in ["résumé.csv", "данные/отчёт.txt", "数据.json", "emoji-\U0001f600.txt", "a b/c-d_e.f"]:
        assert checked_name(name.encode()) == name


def test_a_record_bigger_than_the_output_budget_is_skipped_not_fatal() -> None:
    report = parse(
        file_record(b"big.bin", b"x" * 5000) + file_record(b"small.txt", b"s") + STATUS, max_bytes=100
    )
    assert report.outputs == {"small.txt": b"s"}
    assert report.skipped == {"big.bin": "output size limit reached"}
    assert report.status is not None and report.status["exit_code"] == 7


def test_a_stream_cut_in_the_middle_of_a_record_is_a_protocol_error_not_a_crash() -> None:
    whole = file_record(b"a.txt", b"0123456789")
    report = parse(whole[:-4])
    assert report.protocol_error == "truncated channel record" and report.status is None


def test_display_name_escapes_every_control_character() -> None:
    shown = display_name(b"x\x1b[2J\xff\x07\n")
    assert shown.isprintable() and "\x1b" not in shown
