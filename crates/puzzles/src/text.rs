//! Small helpers shared by the puzzle parsers.

/// `line` without trailing `\r`, spaces and tabs.
pub(crate) fn trim_end(line: &[u8]) -> &[u8] {
    let end = line.iter().rposition(|&b| !matches!(b, b'\r' | b' ' | b'\t')).map_or(0, |i| i + 1);
    &line[..end]
}

/// A byte for an error message: `character 'x'` when printable, else `byte 0x..`.
pub(crate) fn describe(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("character '{}'", b as char)
    } else {
        format!("byte 0x{b:02x}")
    }
}
